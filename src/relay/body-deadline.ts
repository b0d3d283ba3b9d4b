/** The page's body did not arrive within `bodyTimeout`: the relay answers 408. */
export class BodyTimeout extends Error {
  constructor(ms: number) {
    super(`The request body did not arrive within ${ms} ms (bodyTimeout)`);
    this.name = 'BodyTimeout';
  }
}

/** A request whose body must arrive whole by a deadline, and what ends that deadline's timer. */
export interface TimedRequest {
  request: Request;
  /** Clears the timer (the answer is written: whatever happened to the body). */
  release(): void;
}

/**
 * `request` with a body that fails with `BodyTimeout` once `ms` have passed since the relay got the
 * request and the body is not whole: a page sending a `Content-Length: 60` body at 1 byte a second
 * is refused after `ms`, not held for as long as the platform lets it (node's `requestTimeout` is
 * 300 s). The page's own stream is then cancelled, so the connection is let go. A request without
 * a body is returned as it is.
 */
export function withBodyDeadline(request: Request, ms: number): TimedRequest {
  if (request.body === null) return { request, release: () => {} };
  const source = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new BodyTimeout(ms));
      source.cancel(new BodyTimeout(ms)).catch(() => {});
    }, ms);
  });
  // Nobody may be reading when it passes (the call was refused before its body was needed).
  expired.catch(() => {});
  const release = () => clearTimeout(timer);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await Promise.race([source.read(), expired]);
      if (done) {
        release();
        controller.close();
      } else controller.enqueue(value);
    },
    cancel(reason) {
      release();
      return source.cancel(reason);
    },
  });
  const timed = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit);
  return { request: timed, release };
}
