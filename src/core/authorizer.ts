import type { BodyBytes } from './body-bytes.js';

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
