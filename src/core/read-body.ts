import { type BodyCollector, type CollectedBody, wholeBody } from './body-collector.js';
import { ResponseTooLargeError } from './errors/response-too-large-error.js';
import { TimeoutError } from './errors/timeout-error.js';

export interface BodyLimits {
  /** What is left of the attempt's deadline, in ms: reading the body gets no fresh timeout. */
  timeLeftMs: number;
  /** The most bytes the body may have, counted as read (after any decompression fetch did). */
  maxBytes: number;
  /** Redacted, for the errors. */
  url: string;
  /** The attempt's whole timeout, for the message. */
  timeoutMs: number;
}

/**
 * Reads a whole body within the attempt's deadline and a byte limit: a server that stalls
 * mid-body ends in `TimeoutError`, an endless or oversized body (a gzip bomb included: fetch hands
 * over decoded bytes) in `ResponseTooLargeError` as soon as the limit is passed, never a hang or
 * unbounded memory. Runs inside the attempt, so a cut-off body can still be retried. `collector`
 * takes the pieces as they arrive (default: joined whole).
 */
export async function readBodyBytes(
  body: ReadableStream<Uint8Array> | null,
  limits: BodyLimits,
  collector: BodyCollector = wholeBody(),
): Promise<CollectedBody> {
  if (body === null) return collector.finish();
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        reject(
          new TimeoutError(`${limits.url} did not finish its answer within ${limits.timeoutMs} ms`, {
            url: limits.url,
            timeout: limits.timeoutMs,
          }),
        );
        reader.cancel().catch(() => {});
      },
      Math.max(0, limits.timeLeftMs),
    );
  });
  timedOut.catch(() => {});
  try {
    return await Promise.race([drain(reader, limits, collector), timedOut]);
  } finally {
    clearTimeout(timer);
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
