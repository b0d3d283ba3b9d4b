import { ApiError } from '../core/errors/api-error.js';
import { ConnectionError } from '../core/errors/connection-error.js';
import { ResponseTooLargeError } from '../core/errors/response-too-large-error.js';
import { SdkError } from '../core/errors/sdk-error.js';
import { TimeoutError } from '../core/errors/timeout-error.js';
import { BodyTimeout } from './body-deadline.js';
import { RequestRefusal } from './read-request.js';
import { relayError } from './relay-error.js';

/**
 * The answer for a failure of one relayed call: statuses the page's client already maps (504 and
 * 502 are retried for reads, 413 is not). The messages are the relay's own: nothing of the upstream
 * call (its URL, its credentials, the server's words) reaches the page; the relay's log has them.
 */
export function failureAnswer(error: unknown): Response {
  if (error instanceof RequestRefusal) {
    return error.kind === 'too_large'
      ? relayError(413, 'relay.request_too_large', error.message)
      : relayError(400, 'relay.bad_request', error.message);
  }
  if (error instanceof BodyTimeout) {
    const answer = relayError(408, 'relay.body_timeout', error.message);
    // The page is still sending: the connection is not kept for another request.
    answer.headers.set('Connection', 'close');
    return answer;
  }
  if (error instanceof TimeoutError) {
    return relayError(504, 'relay.timeout', 'The site did not answer the relay in time');
  }
  if (error instanceof ResponseTooLargeError) {
    return relayError(
      502,
      'relay.response_too_large',
      "The site's answer passed the relay's maxResponseBytes",
    );
  }
  if (error instanceof ConnectionError) {
    return relayError(502, 'relay.upstream_unreachable', 'The relay could not reach the site');
  }
  if (error instanceof ApiError && error.code === 'redirect_refused') {
    return relayError(
      502,
      'relay.upstream_failed',
      'The site answered with a redirect the relay does not follow',
    );
  }
  if (error instanceof SdkError) return relayError(502, 'relay.upstream_failed', 'The relayed call failed');
  // Your own code failed (a `token` function that threw), or the page went away mid-call.
  return relayError(500, 'relay.internal_error', 'The relay failed');
}
