import type { ApiPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import { CountSchema } from '../../schemas/index.js';
import type { AppCaller } from '../app-caller.js';
import { APP_METHOD_CHECKS } from '../method-checks.js';

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
    return this.#caller.value('mail.getNewCount', CountSchema, { ...params }, options, {
      check: APP_METHOD_CHECKS['mail.getNewCount'],
      shape: 'number',
    });
  }
}
