import { SdkError } from './sdk-error.js';

/**
 * The answer's body (counted after decompression, so a compression bomb stops too) passed the
 * client's `maxResponseBytes`, or what a `filedata` chunk of the requested length can hold. Reading
 * stopped at the limit; the request is not retried, since the same answer would come again.
 */
export class ResponseTooLargeError extends SdkError {
  override name = 'ResponseTooLargeError';
  /** Always `'response_too_large'`: what to branch on without `instanceof`. */
  readonly code = 'response_too_large';
  /** The request URL, redacted. */
  readonly url: string;
  /** The limit that was passed, in bytes. */
  readonly limit: number;

  constructor(message: string, details: { url: string; limit: number }) {
    super(message);
    this.url = details.url;
    this.limit = details.limit;
  }
}
