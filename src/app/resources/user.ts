import { ApiPromise } from '../../core/client/api-promise.js';
import type { RequestOptions } from '../../core/options/options.js';
import { type User, UserSchema } from '../../schemas/index.js';
import type { AppCaller } from '../app-caller.js';
import { APP_METHOD_CHECKS } from '../method-checks.js';

/** The parameters of {@link UserResource.getUser}. */
export interface UserParams {
  /** Whose profile; the signed-in user when left out. */
  user_id?: number;
}

/** The `user` module. */
export class UserResource {
  readonly #caller: AppCaller;
  constructor(caller: AppCaller) {
    this.#caller = caller;
  }

  /** A user's profile, including `email`. Unknown user → `NotFoundError`. */
  getUser(params: UserParams = {}, options?: RequestOptions): ApiPromise<User> {
    return ApiPromise.attempt(() => {
      APP_METHOD_CHECKS['user.getUser'](params);
      return this.#caller.value('user.getUser', UserSchema, { ...params }, options, { shape: 'object' });
    });
  }
}
