import type { Params } from '../http/params.js';
import { phpTruthy } from '../http/php-values.js';
import type { Runtime } from '../runtime.js';
import type { HubChannel } from './hub-state.js';
import { validAccessToken } from './oauth-tokens.js';

/**
 * The channel an OAuth 2.0 access token acts as (the library's resource check, which Hubzilla's API
 * login tries first): from `Authorization: Bearer <token>`, `?access_token=`, or an
 * `access_token` field of a urlencoded POST or PUT body; exactly one of the three. Any refusal
 * (none, two, malformed, unknown, expired) lets the login go on to Basic or a signature.
 */
export function bearerChannel(runtime: Runtime, request: Request, params: Params): HubChannel | undefined {
  const token = accessToken(request, params);
  const row = token === undefined ? undefined : validAccessToken(runtime, token);
  return row && runtime.hub.channels.find((c) => c.channel_id === row.user_id);
}

/** The library's `Bearer::getAccessTokenParameter`. */
function accessToken(request: Request, params: Params): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const query = new URL(request.url).searchParams.get('access_token') ?? undefined;
  const body = params.inBody('access_token') ? params.get('access_token') : undefined;
  const used = [phpTruthy(header), phpTruthy(query), phpTruthy(body)].filter(Boolean).length;
  if (used !== 1) return undefined;
  if (phpTruthy(header)) return /Bearer\s(\S+)/i.exec(header)?.[1];
  if (phpTruthy(body)) {
    const method = request.method.toUpperCase();
    const type = request.headers.get('content-type')?.split(';')[0];
    const urlencoded = type === undefined || type === 'application/x-www-form-urlencoded';
    return (method === 'POST' || method === 'PUT') && urlencoded ? body : undefined;
  }
  return query;
}
