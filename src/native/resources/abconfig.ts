import { ApiPromise } from '../../core/client/api-promise.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { Abconfig } from '../../schemas/index.js';
import { knownParams, requireId } from '../arguments.js';
import { AbconfigListSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** The parameters of {@link AbconfigResource.list}. */
export interface AbconfigListParams {
  /**
   * Only this connection's settings; an unknown id gives `[]`.
   * @default every connection's settings
   */
  abook_id?: number;
}

const LIST_KEYS = keysOf<AbconfigListParams>({ abook_id: true });

/** Per-connection settings, such as the permissions granted (`cat: 'my_perms'`). */
export class AbconfigResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /** `abconfig`: rows `{id, chan, xchan, cat, k, v}`. */
  list(params: AbconfigListParams = {}, options?: RequestOptions): ApiPromise<Abconfig[]> {
    return ApiPromise.attempt(() => {
      knownParams('abconfig.list', params, LIST_KEYS);
      const abook_id = requireId('abook_id', params.abook_id, false);
      const spec = {
        schema: AbconfigListSchema,
        subject: 'The connection settings',
        shape: 'array' as const,
      };
      return this.#api.read('abconfig', { abook_id }, spec, options);
    });
  }
}
