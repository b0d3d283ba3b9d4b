/** The CORS headers {@link startFakeServer} adds so browser pages on any origin can call it. */
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Retry-After, Content-Length, Content-Type',
};

/**
 * `handler` with permissive CORS: a preflight (`OPTIONS` with `Access-Control-Request-Method`) is
 * answered 204 before any login check, and every answer allows any origin. Real Hubzilla sends no
 * CORS headers and answers a preflight 401; this exists only so demos in a browser can call the
 * fake server.
 */
export function withCors(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    if (request.method === 'OPTIONS' && request.headers.has('access-control-request-method')) {
      return new Response(null, {
        status: 204,
        headers: {
          ...CORS_HEADERS,
          'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, HEAD, OPTIONS',
          'Access-Control-Allow-Headers':
            request.headers.get('access-control-request-headers') ?? 'Authorization, Content-Type',
          'Access-Control-Max-Age': '600',
        },
      });
    }
    const response = await handler(request);
    if (response.type === 'error') return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(CORS_HEADERS)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
