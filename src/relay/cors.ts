import type { RelayCorsOptions, RelayHandler } from './options.js';
import { relayError } from './relay-error.js';

/**
 * CORS for the relay, when its pages are served from other origins: only the listed origins get
 * `Access-Control-Allow-Origin` (their own, never `*`), a preflight from any other is refused.
 */
export function withCors(cors: RelayCorsOptions | undefined, handle: RelayHandler): RelayHandler {
  if (cors === undefined) return handle;
  const allowed = (origin: string | null): origin is string =>
    origin !== null &&
    (typeof cors.origins === 'function' ? cors.origins(origin) : cors.origins.includes(origin));
  const allowHeaders = (cors.headers ?? ['Content-Type']).join(', ');
  return async (request) => {
    const origin = request.headers.get('origin');
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      if (!allowed(origin)) return relayError(403, 'relay.forbidden', 'This origin may not call the relay');
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': 'GET, POST',
          'Access-Control-Allow-Headers': allowHeaders,
          'Access-Control-Max-Age': '600',
          Vary: 'Origin',
        },
      });
    }
    const response = await handle(request);
    if (!allowed(origin)) return response;
    response.headers.set('Access-Control-Allow-Origin', origin);
    response.headers.set('Access-Control-Expose-Headers', 'Retry-After');
    response.headers.append('Vary', 'Origin');
    return response;
  };
}
