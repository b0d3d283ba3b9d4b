import type { ApiPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { type User, UserSchema } from '../../schemas/index.js';
import type { AppCaller } from '../app-caller.js';
import { APP_METHOD_CHECKS } from '../method-checks.js';

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
    return this.#caller.value('user.getUser', UserSchema, { ...params }, options, {
      check: APP_METHOD_CHECKS['user.getUser'],
      shape: 'object',
    });
  }
}
