import { relayError } from './relay-error.js';

/** Seconds a page is told to wait (`Retry-After`) when the relay has `maxPendingCalls` under way. */
const BUSY_RETRY_AFTER = '1';

/**
 * How many calls the relay has under way (body read, upstream call, answer scrubbed), bounded:
 * each one holds an upstream connection and up to `maxRequestBytes` + `maxResponseBytes` of
 * memory, so 200 stalled pages cannot open 200 upstream connections at once.
 */
export class PendingCalls {
  readonly #max: number;
  #pending = 0;

  constructor(max: number) {
    this.#max = max;
  }

  /** Runs `call` in a free slot, or answers 503 with `Retry-After` at once when none is free. */
  async run(call: () => Promise<Response>): Promise<Response> {
    if (this.#pending >= this.#max) {
      const busy = relayError(
        503,
        'relay.busy',
        `The relay has ${this.#max} calls under way (maxPendingCalls): try again shortly`,
      );
      busy.headers.set('Retry-After', BUSY_RETRY_AFTER);
      return busy;
    }
    this.#pending++;
    try {
      return await call();
    } finally {
      this.#pending--;
    }
  }
}
