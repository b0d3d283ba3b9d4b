import { ResponseTooLargeError } from '../errors/response-too-large-error.js';
import { type BodyCollector, type CollectedBody, wholeBody } from './body-collector.js';

export interface BodyLimits {
  /** The attempt's signal (see `AttemptDeadline`): reading the body gets no fresh timeout. */
  signal: AbortSignal;
  /** The most bytes the body may have, counted as read (after any decompression fetch did). */
  maxBytes: number;
  /** Redacted, for the errors. */
  url: string;
}

/**
 * Reads a whole body within the attempt's deadline and a byte limit: a server that stalls
 * mid-body ends with the signal's reason (the deadline's `TimeoutError`), an endless or oversized
 * body (a gzip bomb included: fetch hands over decoded bytes) in `ResponseTooLargeError` as soon as
 * the limit is passed, never a hang or unbounded memory. Runs inside the attempt, so a cut-off body
 * can still be retried. `collector` takes the pieces as they arrive (default: joined whole).
 *
 * Why the SDK's: ky caps no body, and its body-read timeout is a fresh `timeout`, not what is left
 * of the attempt's. The read races the signal rather than trusting fetch to error the stream: a
 * custom fetch (a test double, a proxy) may ignore the signal.
 */
export async function readBodyBytes(
  body: ReadableStream<Uint8Array> | null,
  limits: BodyLimits,
  collector: BodyCollector = wholeBody(),
): Promise<CollectedBody> {
  if (body === null) return collector.finish();
  const reader = body.getReader();
  const { signal } = limits;
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      reject(signal.reason);
      reader.cancel().catch(() => {});
    };
  });
  aborted.catch(() => {});
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([drain(reader, limits, collector), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Hands the pieces to `collector` within the byte limit; anything that fails stops the read. */
async function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: BodyLimits,
  collector: BodyCollector,
): Promise<CollectedBody> {
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        throw new ResponseTooLargeError(
          `The answer of ${limits.url} passed ${limits.maxBytes} bytes (maxResponseBytes); reading stopped there`,
          { url: limits.url, limit: limits.maxBytes },
        );
      }
      collector.add(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
  return collector.finish();
}
