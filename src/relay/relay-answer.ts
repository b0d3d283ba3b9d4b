import type { Redactor } from '../core/redact.js';
import type { HttpResponse } from '../core/transport.js';
import { redactBody } from './redact-body.js';
import { SAFE_ANSWER_HEADERS } from './relay-error.js';

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;

/**
 * The upstream answer as the page gets it: the status, the body with every secret redacted, and a
 * few headers chosen here (never `Set-Cookie`, whose `PHPSESSID` alone is a logged-in hub session,
 * nor `WWW-Authenticate`, which would make the browser ask its user for the hub's password).
 * phpFox labels its JSON `text/html`: the page is told `text/plain` instead, so the relay's origin
 * never renders a server's text (names, `*_link` HTML) as a page.
 */
export function relayAnswer(response: HttpResponse, redactors: readonly Redactor[]): Response {
  const headers = new Headers(SAFE_ANSWER_HEADERS);
  const type = response.headers.get('content-type') ?? '';
  headers.set('Content-Type', JSON_TYPE.test(type) ? type : 'text/plain; charset=utf-8');
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter !== null) headers.set('Retry-After', retryAfter);
  const body = response.bytes.byteLength === 0 ? null : redactBody(response.text, redactors);
  // 1xx/204/304 cannot carry a body; the servers send none with them anyway.
  const bodiless = response.status === 204 || response.status === 304;
  return new Response(bodiless ? null : body, { status: response.status, headers });
}
