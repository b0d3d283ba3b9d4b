/**
 * One attempt's own abort signal, aborted when the caller's signal (or a signal it is told to
 * `follow`) aborts, and unhooked from them by `release()`.
 *
 * Why not give the caller's signal to ky: ky then combines it with its own through
 * `AbortSignal.any`, and Node keeps such a combined signal alive while it has abort listeners and
 * its sources can still abort; undici adds a listener per request, so with a download's long-lived
 * signal every chunk's request stayed reachable until the download ended. Measured: 1.5 ms more
 * client CPU (garbage collection) per 1 MiB chunk, and a download with 4 requests at a time 10 %
 * slower (bench/RESULTS.md).
 */
export class SignalLink {
  readonly #controller = new AbortController();
  readonly #sources: AbortSignal[] = [];
  readonly #abort = (event: Event) => {
    this.#controller.abort((event.target as AbortSignal).reason);
  };

  constructor(caller: AbortSignal) {
    this.follow(caller);
  }

  /** The signal to give `fetch`. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Aborts this link's signal when `source` aborts (at once, if it already has). */
  follow(source: AbortSignal): void {
    if (source.aborted) {
      this.#controller.abort(source.reason);
      return;
    }
    source.addEventListener('abort', this.#abort, { once: true });
    this.#sources.push(source);
  }

  /** Unhooks from every source: the attempt is over. */
  release(): void {
    for (const source of this.#sources) source.removeEventListener('abort', this.#abort);
    this.#sources.length = 0;
  }
}
