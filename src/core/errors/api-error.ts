import { SdkError } from './sdk-error.js';

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
}

/** The server answered, and said no. */
export class ApiError extends SdkError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;
  readonly url: string;
  readonly method: string;

  constructor(message: string, details: ApiErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
    this.url = details.url;
    this.method = details.method;
  }
}
