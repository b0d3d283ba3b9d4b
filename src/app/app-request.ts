import type { RequestOptions } from '../core/options.js';
import { type Fields, formBody } from '../core/query.js';
import type { HttpRequest } from '../core/transport.js';

/**
 * The `api.php` request of one call, as every `AppClient` call and the relay build it. `token` and
 * `method` come last, so no parameter can replace them (a `{ token, method }` in `app.call()`'s
 * params would otherwise redirect the call). With files, a multipart POST whose query holds `token`
 * and `method` only; else a GET with everything in the query. `token` is `undefined` behind a relay,
 * which adds it on the server.
 */
export function appRequest(
  method: string,
  params: Fields,
  token: string | undefined,
  options?: RequestOptions,
  files?: Record<string, Blob>,
): HttpRequest {
  const { token: _token, method: _method, ...rest } = params as Record<string, unknown>;
  const own = token === undefined ? { method } : { token, method };
  return files
    ? { method: 'POST', path: 'api.php', query: own, body: formBody(rest as Fields, files), options }
    : { method: 'GET', path: 'api.php', query: { ...(rest as Fields), ...own }, options };
}
