import { ArgumentError } from '../core/errors/argument-error.js';
import { type KeyList, refuseUnknownKeys } from '../core/options/known-keys.js';
import type { AppMethodParams, KnownAppMethod } from './app-methods.js';
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

/** The parameters each known method takes, from {@link AppMethodParams} (the compiler checks the lists). */
const PARAM_KEYS: { [M in KnownAppMethod]: KeyList<AppMethodParams[M]> } = {
  'user.getUser': { user_id: true },
  'friend.getFriends': { user_id: true, page: true },
  'friend.isFriend': { friend_user_id: true, user_id: true },
  'mail.getNewCount': { user_id: true },
  'notification.getNewCount': { user_id: true },
  'notification.get': { user_id: true, page: true },
  'photo.getPhotos': { user_id: true, page: true },
  'photo.addPhoto': { photo: true, photo_name: true },
};

/** The checks of the values, once the keys are known to be the method's. */
const VALUE_CHECKS: Record<KnownAppMethod, (params: Params) => void> = {
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

/**
 * The argument checks of each method the SDK knows, written once: the typed methods and `app.call()`
 * run the same ones, so `app.call('friend.isFriend', {})` fails before sending, as
 * `app.friend.isFriend({})` does. A key the method does not take (`user_di`) is refused with the
 * closest one it does: phpFox would ignore it and answer for the signed-in user.
 */
export const APP_METHOD_CHECKS = Object.fromEntries(
  (Object.keys(VALUE_CHECKS) as KnownAppMethod[]).map((method) => {
    const keys = Object.keys(PARAM_KEYS[method]);
    const check = (params: Params) => {
      if (params !== undefined) {
        if (params === null || typeof params !== 'object')
          throw new ArgumentError(`${method}: params must be an object when given`);
        refuseUnknownKeys(params, keys, `a parameter of ${method}`);
      }
      VALUE_CHECKS[method](params);
    };
    return [method, check];
  }),
) as Record<KnownAppMethod, (params: Params) => void>;

/** Runs the checks of `method` when the SDK knows it; other methods' parameters are sent as given. */
export function checkAppParams(method: string, params: object | undefined): void {
  const check = (APP_METHOD_CHECKS as Record<string, ((params: Params) => void) | undefined>)[method];
  check?.(params);
}
