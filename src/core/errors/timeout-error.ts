import { SdkError } from './sdk-error.js';

/** An attempt ran out of time (waiting for the answer or reading its body), after any retries. */
export class TimeoutError extends SdkError {
  override name = 'TimeoutError';
  /** The request URL, redacted. */
  readonly url: string | undefined;
  /** The per-attempt timeout that was exceeded, in milliseconds. */
  readonly timeout: number | undefined;

  constructor(message: string, details: { url?: string; timeout?: number } = {}) {
    super(message);
    this.url = details.url;
    this.timeout = details.timeout;
  }
}
