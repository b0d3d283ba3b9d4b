import { ApiPromise } from '../../core/client/api-promise.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import { type Xchan, XchanSchema } from '../../schemas/index.js';
import { exactlyOne, knownParams, requireText } from '../arguments.js';
import type { NativeApi } from '../native-api.js';

/** Exactly one lookup key. */
export type XchanParams =
  | {
      /** The channel address, `nick@host` (case-sensitive). */
      address: string;
    }
  | {
      /** The xchan hash (`Xchan.hash`, `abook_xchan`, `GroupMember.xchan`). */
      hash: string;
    }
  | {
      /** The global channel id (`Xchan.guid`). */
      guid: string;
    };

const GET_KEYS = keysOf<XchanParams>({ address: true, hash: true, guid: true });

/** Network identities (xchans), local or remote. */
export class XchanResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /** `xchan`: an identity by address, hash or guid; no match → `NotFoundError`. */
  get(params: XchanParams, options?: RequestOptions): ApiPromise<Xchan> {
    return ApiPromise.attempt(() => {
      knownParams('xchan.get', params, GET_KEYS);
      const key = exactlyOne('xchan.get', params, ['address', 'hash', 'guid']);
      const value = requireText(key, (params as Record<string, unknown>)[key]);
      if (value.includes('%')) {
        // The hub formats the value into its SQL with sprintf: "%" makes it fail with HTTP 500.
        throw new ArgumentError(
          `${key} must not contain "%" (Hubzilla fails with HTTP 500 on it), got "${value}"`,
        );
      }
      const spec = { schema: XchanSchema, subject: `Xchan with ${key} "${value}"`, shape: 'object' as const };
      return this.#api.read('xchan', { [key]: value }, spec, options);
    });
  }
}
