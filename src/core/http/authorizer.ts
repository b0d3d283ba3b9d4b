import { abortable } from '../base/abortable.js';
import { AuthenticationError } from '../errors/authentication-error.js';
import type { BodyBytes } from '../request/body-bytes.js';
import { unsendableHeader } from '../request/header-value.js';
import type { AttemptDeadline } from './attempt-deadline.js';
import type { CallName } from './transport-failures.js';

/** What an authorizer sees of one request attempt: enough to sign it. */
export interface OutgoingRequest {
  method: string;
  /** The full URL, query included (an HTTP signature covers it). */
  url: URL;
  /** The exact body bytes sent, when there is a body (the multipart bytes, or text for a form). */
  body: BodyBytes | string | undefined;
}

/**
 * How a client authenticates each request when a fixed header is not enough (internal): a token
 * fetched and refreshed, or a signature over each request. The transport asks it for headers on
 * every attempt and redirect hop, and, after an HTTP 401, lets it refresh once and send again.
 * (Not a ky `beforeRequest` hook: that runs once a call, not per attempt or hop, outside its timeout.)
 */
export interface Authorizer {
  /** The headers that authenticate this attempt (applied last: no user header can replace them). */
  headers(request: OutgoingRequest, signal: AbortSignal | undefined): Promise<Record<string, string>>;
  /**
   * Called after an HTTP 401: drop what was cached and say whether sending again may succeed
   * (a new token can; a signature with the same key cannot).
   */
  refresh?(): boolean;
}

/**
 * An authorizer as the transport runs it on each attempt and redirect hop (see `perAttempt`). Its
 * own module, reached only from the hub's strategies: an `AppClient` bundle carries none of it.
 */
export interface AttemptAuthorizer {
  headers(
    request: OutgoingRequest,
    call: CallName & { signal: AbortSignal | undefined },
    deadline: AttemptDeadline,
  ): Promise<Record<string, string>>;
  refresh?(): boolean;
}

/**
 * `authorizer` within an attempt: its wait for credentials is bounded by the attempt's deadline (a
 * token request shared with other calls runs under the client's timeout, which may be longer than
 * this call's), and credentials no header can carry (a token with a line break, a NUL or a character
 * outside Latin-1) are refused before sending: no retry can pass, and the value is never quoted.
 */
export function perAttempt(authorizer: Authorizer): AttemptAuthorizer {
  return {
    async headers(request, call, deadline) {
      deadline.phase = 'credentials';
      const signed = await abortable(authorizer.headers(request, call.signal), deadline.signal);
      const name = unsendableHeader(signed);
      if (name !== undefined) {
        throw new AuthenticationError(
          `${call.method} ${call.url} was not sent: its credentials (the ${name} header) hold a line break, a NUL or a character outside Latin-1, which no HTTP header can carry`,
          { status: 0, url: call.url, method: call.method },
        );
      }
      deadline.phase = 'answer';
      return signed;
    },
    refresh: () => authorizer.refresh?.() ?? false,
  };
}
