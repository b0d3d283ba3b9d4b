export {
  type ApiInfo,
  ApiInfoSchema,
  type Count,
  CountSchema,
  type Friend,
  FriendSchema,
  type IsFriend,
  IsFriendSchema,
  type Notification,
  NotificationSchema,
  type Photo,
  PhotoSchema,
  type TokenResponse,
  TokenResponseSchema,
  type UploadedPhoto,
  UploadedPhotoSchema,
  type User,
  UserSchema,
} from './app.js';
export { flagSchema, intSchema, nativeDateSchema, nullableStringSchema } from './coerce.js';
export * from './native/index.js';
