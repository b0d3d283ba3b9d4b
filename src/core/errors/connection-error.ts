import { SdkError } from './sdk-error.js';

/** The network failed: connection refused or reset, DNS failure, a body cut off mid-way. */
export class ConnectionError extends SdkError {
  override name = 'ConnectionError';
  /** The request URL, redacted. */
  readonly url: string | undefined;

  constructor(message: string, url?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.url = url;
  }
}
