export { AppClient, type AppClientOptions } from './app-client.js';
export type { AppMethodOutput, AppMethodParams, AppParamValue, KnownAppMethod } from './app-methods.js';
export type { GetFriendsParams, IsFriendParams } from './resources/friend.js';
export type { CountParams } from './resources/mail.js';
export type { GetNotificationsParams } from './resources/notification.js';
export type { AddPhotoParams, GetPhotosParams } from './resources/photo.js';
export type { UserParams } from './resources/user.js';
export type { UploadBody } from './upload.js';
