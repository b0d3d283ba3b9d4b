import { SdkError } from './sdk-error.js';

/**
 * The network failed: connection refused or reset, DNS failure, a body cut off mid-way. The message
 * names the cause (a host with no DNS answer in words), how many attempts were made over how long,
 * and what to check: is the server running at the site's origin, and is `baseUrl` right.
 */
export class ConnectionError extends SdkError {
  override name = 'ConnectionError';
  /** The request URL, redacted. */
  readonly url: string | undefined;

  constructor(message: string, url?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.url = url;
  }
}
