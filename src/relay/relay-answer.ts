import type { HttpResponse } from '../core/http/transport.js';
import type { Redactor } from '../core/secrets/redact.js';
import { contentTypeValue, retryAfterValue } from './answer-headers.js';
import { redactBody } from './redact-body.js';
import { relayError, SAFE_ANSWER_HEADERS } from './relay-error.js';

/**
 * The upstream answer as the page gets it: the status, the body with every secret redacted, and
 * headers by value: the relay's own, a `Content-Type` of two fixed values and a `Retry-After`
 * written again from its seconds or date. No other header passes (never `Set-Cookie`, whose
 * `PHPSESSID` alone is a logged-in hub session, nor `WWW-Authenticate`, which would make the browser
 * ask its user for the hub's password, nor `Content-Disposition`: the SDK's calls all answer JSON).
 */
export async function relayAnswer(response: HttpResponse, redactors: readonly Redactor[]): Promise<Response> {
  // The transport follows no redirect for the relay (it fails with `redirect_refused`); any other
  // 3xx (300, 304, 305) is no answer the page's client can read either, and is not passed on.
  if (response.status >= 300 && response.status < 400) {
    return relayError(
      502,
      'relay.upstream_failed',
      'The site answered with a redirect the relay does not follow',
    );
  }
  const headers = new Headers(SAFE_ANSWER_HEADERS);
  headers.set('Content-Type', contentTypeValue(response.headers.get('content-type')));
  const retryAfter = retryAfterValue(response.headers.get('retry-after'));
  if (retryAfter !== undefined) headers.set('Retry-After', retryAfter);
  // An empty answer (a 204 always is: fetch gives it no body) is relayed without one.
  const body = response.bytes.byteLength === 0 ? null : await redactBody(response.text, redactors);
  return new Response(body, { status: response.status, headers });
}
