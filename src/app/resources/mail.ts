import type { RequestOptions } from '../../core/options.js';
import { CountSchema } from '../../schemas/index.js';
import type { AppCaller } from '../app-caller.js';
import { requireId } from '../arguments.js';

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
  async getNewCount(params: CountParams = {}, options?: RequestOptions): Promise<number> {
    requireId('user_id', params.user_id, false);
    return (await this.#caller.call('mail.getNewCount', CountSchema, { ...params }, options)).output;
  }
}
