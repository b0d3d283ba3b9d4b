export { AppClient, type AppClientOptions, type AppClientRelayOptions } from './app-client.js';
export type {
  AppMethodOutput,
  AppMethodOutputs,
  AppMethodParams,
  AppParamValue,
  KnownAppMethod,
} from './app-methods.js';
export type { NotificationCursor } from './follow/notification-cursor.js';
export type { FriendResource, GetFriendsParams, IsFriendParams } from './resources/friend.js';
export type { CountParams, MailResource } from './resources/mail.js';
export type {
  GetNotificationsParams,
  NotificationFollowOptions,
  NotificationResource,
} from './resources/notification.js';
export type { AddPhotoParams, GetPhotosParams, PhotoResource } from './resources/photo.js';
export type { UserParams, UserResource } from './resources/user.js';
export type { UploadBody } from './upload.js';
