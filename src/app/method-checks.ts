import type { KnownAppMethod } from './app-methods.js';
import { requireId, requirePage } from './arguments.js';
import { photoFile } from './upload.js';

/** Any method's parameters, read loosely: the checks are what makes them safe to send. */
type Params = object | undefined;

const field = (params: Params, name: string): unknown =>
  (params as Record<string, unknown> | undefined)?.[name];

const userOnly = (params: Params) => requireId('user_id', field(params, 'user_id'), false);
const userAndPage = (params: Params) => {
  requireId('user_id', field(params, 'user_id'), false);
  requirePage(field(params, 'page'));
};

/**
 * The argument checks of each method the SDK knows, written once: the typed methods and `app.call()`
 * run the same ones, so `app.call('friend.isFriend', {})` fails before sending, as
 * `app.friend.isFriend({})` does.
 */
export const APP_METHOD_CHECKS: Record<KnownAppMethod, (params: Params) => void> = {
  'user.getUser': userOnly,
  'friend.getFriends': userAndPage,
  'friend.isFriend': (params) => {
    requireId('friend_user_id', field(params, 'friend_user_id'), true);
    requireId('user_id', field(params, 'user_id'), false);
  },
  'mail.getNewCount': userOnly,
  'notification.getNewCount': userOnly,
  'notification.get': userAndPage,
  'photo.getPhotos': userAndPage,
  'photo.addPhoto': (params) => {
    photoFile(field(params, 'photo') as never, field(params, 'photo_name') as never);
  },
};

/** Runs the checks of `method` when the SDK knows it. */
export function checkAppParams(method: string, params: object | undefined): void {
  const check = (APP_METHOD_CHECKS as Record<string, ((params: Params) => void) | undefined>)[method];
  check?.(params);
}
