/**
 * Settles like `promise`, or rejects with `signal.reason` as soon as `signal` aborts: a chunk fetcher
 * that ignores its signal must not keep a cancelled download waiting, nor a shared token request
 * a caller that gave up.
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
 * Settles like `promise`, or rejects with `timedOut()` after `ms`: a wait the call does besides its
 * request (a shared token request, a token provider) is still bounded by the call's timeout.
 */
export function withinDeadline<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), Math.max(0, ms));
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
