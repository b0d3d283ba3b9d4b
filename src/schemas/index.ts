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
export { flagSchema, intSchema, nullableStringSchema } from './coerce.js';
export { extraField } from './extra-field.js';
export type { KnownFields } from './known-fields.js';
export * from './native/index.js';
export { nativeDateSchema } from './native-date.js';
