import { phpJson } from '../http/php-json.js';

/*
 * The answers of Hubzilla's API module. Header names keep the server's spelling where a web
 * `Headers` can carry it (values only: `Headers` lower-cases names). JSON is PHP's `json_encode`.
 */

const HTML = 'text/html; charset=UTF-8';

/** A JSON answer (`Content-type: application/json`). */
export function json(value: unknown, status = 200): Response {
  return new Response(phpJson(value), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The empty HTTP 200 of a handler that returned nothing (missing parameter, not found…). */
export function empty(): Response {
  return new Response('', { status: 200, headers: { 'Content-Type': HTML } });
}

/** An empty answer after the JSON header was already sent (group_members, network/stream POST). */
export function emptyJson(): Response {
  return new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } });
}

/** JSON text sent with PHP's default `text/html` header (item/update's `dropitems`). */
export function htmlJson(value: unknown): Response {
  return new Response(phpJson(value), { status: 200, headers: { 'Content-Type': HTML } });
}

/** An uncaught PHP error: HTTP 500, empty body. */
export function serverError(): Response {
  return new Response('', { status: 500, headers: { 'Content-Type': HTML } });
}

/** Hubzilla's 401 to a request without valid credentials. */
export function loginRequired(): Response {
  return new Response('This api requires login', {
    status: 401,
    headers: { 'WWW-Authenticate': 'Basic realm="hubzilla"', 'Content-Type': HTML },
  });
}

const NOT_IMPLEMENTED_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<status><error>not implemented</error></status>';

/** The 404 of an unknown endpoint, in the format its suffix asked for. */
export function notImplemented(type: string): Response {
  if (type === 'xml') return xml404('text/xml;charset=UTF-8');
  if (type === 'rss') return xml404('application/rss+xml');
  if (type === 'atom') return xml404('application/atom+xml');
  return json({ error: 'not implemented' }, 404);
}

function xml404(contentType: string): Response {
  return new Response(NOT_IMPLEMENTED_XML, { status: 404, headers: { 'Content-Type': contentType } });
}

/** The caching headers PHP's session start sends; a page's own `header()` of the same name replaces them. */
const SESSION_HEADERS: Record<string, string> = {
  Expires: 'Thu, 19 Nov 1981 08:52:00 GMT',
  'Cache-Control': 'no-store, no-cache, must-revalidate',
  Pragma: 'no-cache',
};

/** The headers PHP adds to every answer (sessions on, no caching). */
export function addPhpHeaders(response: Response, cookies: readonly string[]): Response {
  const headers = response.headers;
  headers.set('X-Powered-By', 'PHP/8.2.36');
  for (const [name, value] of Object.entries(SESSION_HEADERS))
    if (!headers.has(name)) headers.set(name, value);
  for (const id of cookies) headers.append('Set-Cookie', `PHPSESSID=${id}; path=/; HttpOnly; SameSite=None`);
  return response;
}

/** A HEAD answer keeps the status and headers, without the body. */
export function withoutBodyForHead(request: Request, response: Response): Response {
  if (request.method !== 'HEAD' || response.body === null) return response;
  return new Response(null, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
