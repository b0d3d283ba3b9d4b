import { ApiPromise } from '../../core/client/api-promise.js';
import type { RequestOptions } from '../../core/options/options.js';
import { CountSchema } from '../../schemas/index.js';
import type { AppCaller } from '../app-caller.js';
import { APP_METHOD_CHECKS } from '../method-checks.js';

/** The parameters of `mail.getNewCount` and `notification.getNewCount`. */
export interface CountParams {
  /** Accepted for symmetry with the document; phpFox ignores it and counts for the signed-in user. */
  user_id?: number;
}

/** The `mail` module. */
export class MailResource {
  readonly #caller: AppCaller;
  constructor(caller: AppCaller) {
    this.#caller = caller;
  }

  /** How many messages are unseen. */
  getNewCount(params: CountParams = {}, options?: RequestOptions): ApiPromise<number> {
    return ApiPromise.attempt(() => {
      APP_METHOD_CHECKS['mail.getNewCount'](params);
      return this.#caller.value('mail.getNewCount', CountSchema, { ...params }, options, { shape: 'number' });
    });
  }
}
