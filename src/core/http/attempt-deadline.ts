/** What an attempt was waiting for when its deadline passed: it names the `TimeoutError`. */
export type AttemptPhase = 'credentials' | 'answer' | 'body';

/**
 * One attempt's own abort signal, given to `fetch` and to every wait of the attempt (credentials,
 * the answer's headers, its body): aborted by the caller's signal, or by ONE timer at the attempt's
 * deadline with the error `expired` builds. `release()` clears the timer and unhooks the caller's
 * signal: a finished request no longer follows it.
 *
 * Why the SDK's and not ky's `timeout` with the caller's `signal`: ky's timer covers only the wait
 * for the headers (the body and a token wait needed two more timers), and ky joins the caller's
 * signal to its own with `AbortSignal.any`, which Node keeps alive while the caller's can abort: with
 * a download's long-lived signal every chunk's request stayed reachable until the download ended
 * (1.5 ms more client CPU per 1 MiB chunk, a download with 4 requests at a time 10 % slower).
 */
export class AttemptDeadline {
  /** What the attempt waits for now; `expired` reads it. */
  phase: AttemptPhase = 'answer';
  /** The `TimeoutError` the attempt ended with, once the deadline passed. */
  expired: Error | undefined;
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout>;
  readonly #onCallerAbort = () => this.#controller.abort(this.#caller?.reason);

  constructor(ms: number, caller: AbortSignal | undefined, expired: (phase: AttemptPhase) => Error) {
    this.#caller = caller;
    this.#timer = setTimeout(() => {
      this.expired = expired(this.phase);
      this.#controller.abort(this.expired);
    }, ms);
    if (caller?.aborted) this.#onCallerAbort();
    else caller?.addEventListener('abort', this.#onCallerAbort, { once: true });
  }

  /** Aborted at the deadline or with the caller. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The attempt is over: no timer, no link to the caller's signal. */
  release(): void {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this.#onCallerAbort);
  }
}
