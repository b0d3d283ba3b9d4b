import * as z from 'zod/mini';
import {
  CountSchema,
  FriendSchema,
  IsFriendSchema,
  NotificationSchema,
  PhotoSchema,
  UploadedPhotoSchema,
  UserSchema,
} from '../schemas/index.js';

/** The output schema of each method the SDK knows, so `app.call()` validates and types them. */
export const APP_METHOD_OUTPUTS = {
  'user.getUser': UserSchema,
  'friend.getFriends': z.array(FriendSchema),
  'friend.isFriend': IsFriendSchema,
  'mail.getNewCount': CountSchema,
  'notification.getNewCount': CountSchema,
  'notification.get': z.array(NotificationSchema),
  'photo.getPhotos': z.array(PhotoSchema),
  'photo.addPhoto': UploadedPhotoSchema,
} as const;

export type KnownAppMethod = keyof typeof APP_METHOD_OUTPUTS;

/** The parameters of each known method, as `app.call()` accepts them. */
export interface AppMethodParams {
  'user.getUser': { user_id?: number };
  'friend.getFriends': { user_id?: number; page?: number };
  'friend.isFriend': { friend_user_id: number; user_id?: number };
  'mail.getNewCount': { user_id?: number };
  'notification.getNewCount': { user_id?: number };
  'notification.get': { user_id?: number; page?: number };
  'photo.getPhotos': { user_id?: number; page?: number };
  'photo.addPhoto': { photo: Blob | File | Uint8Array | ArrayBuffer; photo_name: string };
}

export type AppMethodOutput<M extends KnownAppMethod> = z.output<(typeof APP_METHOD_OUTPUTS)[M]>;

/** A parameter value `app.call()` sends for methods it does not know. */
export type AppParamValue = string | number | boolean | undefined;
