import { ApiPromise } from '../../core/client/api-promise.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { Abook } from '../../schemas/index.js';
import { knownParams, requireId } from '../arguments.js';
import { AbookListSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** The parameters of {@link AbookResource.list}. */
export interface AbookListParams {
  /**
   * Only this connection; an unknown id gives `[]`.
   * @default every connection, the channel's own entry (`abook_self`) included
   */
  abook_id?: number;
}

const LIST_KEYS = keysOf<AbookListParams>({ abook_id: true });

/** The channel's connections (address book). */
export class AbookResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /** `abook`: connections joined with their xchans. */
  list(params: AbookListParams = {}, options?: RequestOptions): ApiPromise<Abook[]> {
    return ApiPromise.attempt(() => {
      knownParams('abook.list', params, LIST_KEYS);
      const abook_id = requireId('abook_id', params.abook_id, false);
      return this.#api.read(
        'abook',
        { abook_id },
        { schema: AbookListSchema, subject: 'The connection list', shape: 'array' },
        options,
      );
    });
  }
}
