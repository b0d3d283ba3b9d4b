import { SdkError } from './sdk-error.js';

/** What an {@link ApiError} is made of (for code that constructs one, e.g. in tests). */
export interface ApiErrorDetails {
  /** HTTP status of the answer (phpFox answers its errors with 200). */
  status: number;
  /** The server's own error code when it sends one (phpFox `error_id`), else `undefined`. */
  code?: string | undefined;
  /** The parsed body, or the raw text when it was not JSON; secrets removed. */
  body?: unknown;
  /** The request URL with secret query parameters replaced by `[REDACTED]`. */
  url: string;
  /** The HTTP method of the request. */
  method: string;
  /** How long the answer's `Retry-After` asked to wait, in ms from when it came; `undefined` without one. */
  retryAfter?: number | undefined;
}

/** The server answered, and said no. */
export class ApiError extends SdkError {
  override name = 'ApiError';
  /** HTTP status of the answer: 200 for phpFox's errors, which come in an HTTP 200. */
  readonly status: number;
  /**
   * The server's own error code when it sends one: phpFox's `error_id` (`user.user_cannot_be_found`),
   * else `undefined`.
   */
  readonly code: string | undefined;
  /** The parsed body, or the raw text when it was not JSON; secrets removed. */
  readonly body: unknown;
  /** The request URL with secret query parameters replaced by `[REDACTED]`. */
  readonly url: string;
  /** The HTTP method of the request. */
  readonly method: string;
  /**
   * How long the answer's `Retry-After` header (429, 503) asked to wait before the next request,
   * in ms from when the answer came; `undefined` when it sent none. `follow()` waits at least this.
   */
  readonly retryAfter: number | undefined;

  constructor(message: string, details: ApiErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
    this.url = details.url;
    this.method = details.method;
    this.retryAfter = details.retryAfter;
  }
}
