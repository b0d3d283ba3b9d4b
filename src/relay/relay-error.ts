/** The codes of the relay's own refusals and failures, as the page's `ApiError.code` shows them. */
export type RelayErrorCode =
  | 'relay.not_found'
  | 'relay.forbidden'
  | 'relay.cross_site'
  | 'relay.unauthenticated'
  | 'relay.method_not_allowed'
  | 'relay.request_too_large'
  | 'relay.body_timeout'
  | 'relay.authorize_timeout'
  | 'relay.busy'
  | 'relay.bad_request'
  | 'relay.timeout'
  | 'relay.upstream_unreachable'
  | 'relay.response_too_large'
  | 'relay.upstream_failed'
  | 'relay.internal_error';

/**
 * Headers of every answer the relay writes: never served from a cache without asking the relay
 * again, never kept by a shared cache, never sniffed or rendered as a page.
 *
 * Not `no-store`: Chromium reports every `no-store` answer whose body a page reads as a stream
 * (as the SDK's clients do, to bound its size) as a FAILED request (`net::ERR_ABORTED`, DevTools'
 * "(canceled)", Playwright's `requestfailed`) although it completed and was read whole: measured
 * on Chromium 153 with a bare `fetch` + `getReader()`, 10 of 10 requests with `no-store`, 0 of 10
 * with `private, no-cache` (which still revalidates every time: the relay sends no validators).
 */
export const SAFE_ANSWER_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cache-Control': 'private, no-cache',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
});

/**
 * The relay's own answer for a refusal or failure: `{ error, message }` as JSON. The SDK's clients
 * read `error` (a `relay.` code) into `ApiError.code`; the status picks the error class (401 →
 * `AuthenticationError`, 404 → `NotFoundError`). The message never quotes a secret: it is built
 * from redacted text only.
 */
export function relayError(status: number, error: RelayErrorCode, message: string): Response {
  return new Response(JSON.stringify({ error, message }), {
    status,
    headers: { ...SAFE_ANSWER_HEADERS, 'Content-Type': 'application/json; charset=utf-8' },
  });
}
