import * as z from 'zod/mini';
import {
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
  type UploadedPhoto,
  UploadedPhotoSchema,
  type User,
  UserSchema,
} from '../schemas/index.js';
import type { UploadBody } from './upload.js';

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

/** The api.php methods the SDK knows: `app.call()` checks their parameters and validates their output. */
export type KnownAppMethod = keyof typeof APP_METHOD_OUTPUTS;

/** The parameters of each known method, as `app.call()` accepts them. */
export interface AppMethodParams {
  /** See `app.user.getUser`. */
  'user.getUser': {
    /** Whose record; the signed-in user when left out. */
    user_id?: number;
  };
  /** See `app.friend.getFriends`. */
  'friend.getFriends': {
    /** Whose friends; the signed-in user when left out. */
    user_id?: number;
    /** The page, counted from 1 (phpFox reads 0, a missing page and junk as 1). */
    page?: number;
  };
  /** See `app.friend.isFriend`. */
  'friend.isFriend': {
    /** The user to check. */
    friend_user_id: number;
    /** The other user; the signed-in user when left out. */
    user_id?: number;
  };
  /** See `app.mail.getNewCount`. */
  'mail.getNewCount': {
    /** Sent as given; phpFox ignores it and counts the signed-in user's mail. */
    user_id?: number;
  };
  /** See `app.notification.getNewCount`. */
  'notification.getNewCount': {
    /** Sent as given; phpFox ignores it and counts the signed-in user's notifications. */
    user_id?: number;
  };
  /** See `app.notification.get`. */
  'notification.get': {
    /** Whose notifications; the signed-in user when left out. */
    user_id?: number;
    /** Sent as given; phpFox ignores it. */
    page?: number;
  };
  /** See `app.photo.getPhotos`. */
  'photo.getPhotos': {
    /** Whose photos; the signed-in user when left out. */
    user_id?: number;
    /** The page as the server counts (3.0.x from 1, 3.5+ from 0). */
    page?: number;
  };
  /** See `app.photo.addPhoto`. */
  'photo.addPhoto': {
    /** The image: a Blob or File, or its bytes. */
    photo: UploadBody;
    /** The file name phpFox stores; must end in .jpg, .jpeg, .gif or .png. */
    photo_name: string;
  };
}

/**
 * The validated, normalized `output` of each known method, as `app.call()` resolves it (the same
 * types the resource methods return; the test suite checks that they match the schemas).
 */
export interface AppMethodOutputs {
  /** A {@link User}. */
  'user.getUser': User;
  /** One page of {@link Friend}s. */
  'friend.getFriends': Friend[];
  /** `{ is_friend }`. */
  'friend.isFriend': IsFriend;
  /** The number of unread messages. */
  'mail.getNewCount': Count;
  /** The number of unseen notifications. */
  'notification.getNewCount': Count;
  /** One answer of {@link Notification}s. */
  'notification.get': Notification[];
  /** One page of {@link Photo}s. */
  'photo.getPhotos': Photo[];
  /** The normalized {@link UploadedPhoto}. */
  'photo.addPhoto': UploadedPhoto;
}

/** The `output` type of a known method: `AppMethodOutput<'user.getUser'>` is {@link User}. */
export type AppMethodOutput<M extends KnownAppMethod> = AppMethodOutputs[M];

/** A parameter value `app.call()` sends for methods it does not know. */
export type AppParamValue = string | number | boolean | undefined;
