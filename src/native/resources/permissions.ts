import { ApiPromise } from '../../core/client/api-promise.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import { knownParams, optionalText, requireId } from '../arguments.js';
import { PermissionRowsSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** The parameters of {@link PermissionsResource.allowed} for every permission of a connection. */
export interface PermissionParams {
  /** The connection (`Abook.abook_id`). Required: lookups by xchan are unreliable on real hubs. */
  abook_id: number;
}

/** The parameters of {@link PermissionsResource.allowed} for one permission. */
export interface PermissionCheckParams extends PermissionParams {
  /** One permission name, e.g. `view_stream`, `post_comments`, `write_storage` (an unknown name reads `false`). */
  perm: string;
}

const ALLOWED_KEYS = keysOf<PermissionCheckParams>({ abook_id: true, perm: true });

/** What a connection may do. */
export class PermissionsResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /**
   * `perm_allowed`: whether the connection has `perm`, or, without `perm`, every permission by
   * name. An unknown `abook_id` → `NotFoundError`.
   */
  allowed(params: PermissionCheckParams, options?: RequestOptions): ApiPromise<boolean>;
  allowed(params: PermissionParams, options?: RequestOptions): ApiPromise<Record<string, boolean>>;
  allowed(
    params: PermissionParams & { perm?: string },
    options?: RequestOptions,
  ): ApiPromise<boolean | Record<string, boolean>> {
    return ApiPromise.attempt(() => {
      knownParams('permissions.allowed', params, ALLOWED_KEYS);
      const abook_id = requireId('abook_id', params?.abook_id);
      const perm = optionalText('perm', params.perm);
      return this.#api.read(
        'perm_allowed',
        { abook_id, perm },
        {
          schema: PermissionRowsSchema,
          subject: `Connection abook_id ${abook_id}`,
          unwrap: (rows) =>
            perm === undefined
              ? Object.fromEntries(rows.map((row) => [row.perm, row.allowed]))
              : (rows.find((row) => row.perm === perm)?.allowed ?? false),
          shape: perm === undefined ? 'object' : 'boolean',
        },
        options,
      );
    });
  }
}
