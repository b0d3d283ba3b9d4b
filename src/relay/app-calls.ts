import type { AppMethodParams, KnownAppMethod } from '../app/app-methods.js';
import { APP_METHOD_CHECKS } from '../app/method-checks.js';
import { photoFile } from '../app/upload.js';
import type { Fields } from '../core/request/query.js';
import type { FieldsOf, SdkCall, TypedFields } from './sdk-call.js';

/** `method` as the SDK calls it: with `httpMethod`, these fields, and the method's own argument checks. */
const sent = <M extends KnownAppMethod>(
  method: M,
  httpMethod: SdkCall['httpMethod'],
  fields: FieldsOf<AppMethodParams[M]>,
): SdkCall => ({ httpMethod, fields, check: (typed) => APP_METHOD_CHECKS[method](typed) });

const read = <M extends KnownAppMethod>(method: M, fields: FieldsOf<AppMethodParams[M]>) =>
  sent(method, 'GET', fields);

/**
 * Every Application API method the SDK calls, with the fields it sends: a read is a GET with its
 * fields in the query, `photo.addPhoto` a multipart POST. The relay forwards these only.
 */
export const APP_CALLS: Readonly<Record<KnownAppMethod, SdkCall>> = Object.freeze({
  'user.getUser': read('user.getUser', { user_id: 'id' }),
  'friend.getFriends': read('friend.getFriends', { user_id: 'id', page: 'count' }),
  'friend.isFriend': read('friend.isFriend', { friend_user_id: 'id', user_id: 'id' }),
  'mail.getNewCount': read('mail.getNewCount', { user_id: 'id' }),
  'notification.getNewCount': read('notification.getNewCount', { user_id: 'id' }),
  'notification.get': read('notification.get', { user_id: 'id', page: 'count' }),
  'photo.getPhotos': read('photo.getPhotos', { user_id: 'id', page: 'count' }),
  'photo.addPhoto': sent('photo.addPhoto', 'POST', { photo: 'file', photo_name: 'text' }),
});

/** Whether the SDK calls `method` (own properties only: `__proto__` is no method). */
export function isAppCall(method: string): method is KnownAppMethod {
  return Object.hasOwn(APP_CALLS, method);
}

/** The fields and files of an App call, as the SDK's method sends them (the photo as `photoFile` makes it). */
export function appParts(typed: TypedFields): { fields: Fields; files?: Record<string, Blob> } {
  const { photo, ...fields } = typed;
  if (photo === undefined) return { fields: fields as Fields };
  return {
    fields: fields as Fields,
    files: { photo: photoFile(photo as File, fields.photo_name as string) },
  };
}
