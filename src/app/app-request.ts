import type { HttpRequest } from '../core/http/transport.js';
import type { RequestOptions } from '../core/options/options.js';
import { type Fields, formBody } from '../core/request/query.js';
import { withoutSdkNames } from '../core/request/sdk-fields.js';

/**
 * The `api.php` request of one call, as every `AppClient` call and the relay build it. `token` and
 * `method` come first, so that PHP's `max_input_vars` never cuts them (a request it would cut is
 * refused before sending, see `serverLimits`), and no parameter PHP reads as `token` or `method`
 * (`token`, `method[]`, ` method`) is sent: phpFox reads `$_REQUEST`, where the last of a name wins,
 * so a `{ token, method }` in `app.call()`'s params would otherwise redirect the call. With files, a
 * multipart POST whose query holds `token` and `method` only; else a GET with everything in the
 * query. `token` is `undefined` behind a relay, which adds it on the server.
 */
export function appRequest(
  method: string,
  params: Fields,
  token: string | undefined,
  options?: RequestOptions,
  files?: Record<string, Blob>,
): HttpRequest {
  // Both names are left out of the parameters whether or not a token is sent: the relay adds it.
  const own: Fields = token === undefined ? { method } : { token, method };
  const rest = withoutSdkNames(['token', 'method'], params);
  if (files) return { method: 'POST', path: 'api.php', query: own, body: formBody(rest, files), options };
  const query = { ...own, ...rest };
  // phpFox reads every parameter from $_REQUEST: a write sent as GET is still a write.
  return readsByName(method)
    ? { method: 'GET', path: 'api.php', query, options }
    : { method: 'GET', path: 'api.php', query, options, repeat: 'once' };
}

/**
 * Whether an api.php method only reads, by phpFox's naming: its reads are `get…` and `is…`
 * (`user.getUser`, `friend.isFriend`, `notification.get`); its writes `add`, `addPhoto`,
 * `updateStatus`, `status`, `addThread`, `addPost`… none of which a repeat leaves alone (no App API
 * write has an idempotency key or a duplicate check). Anything else is sent once, not retried.
 */
function readsByName(method: string): boolean {
  return /^(get|is)([A-Z]|$)/.test(method.slice(method.indexOf('.') + 1));
}
