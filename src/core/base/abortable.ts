import { timerDelay } from './timer-limits.js';

/**
 * Settles like `promise`, or rejects with `signal.reason` as soon as `signal` aborts: a chunk fetcher
 * that ignores its signal must not keep a cancelled download waiting, nor a shared token request
 * a caller that gave up (or an attempt whose deadline passed).
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Waits `ms` (cut to what a timer holds: a longer delay would fire at once; the options are checked,
 * but a custom `retry.delay` or a server's `Retry-After` computes its own); an abort ends the wait
 * at once with `signal.reason`.
 */
export function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, timerDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
