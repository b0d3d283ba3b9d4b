import type { FollowSettings } from './follow-options.js';
import type { FollowSource } from './follow-source.js';
import { jittered, pause } from './pause.js';
import { backoffAfter, isPassing } from './poll-failure.js';

/**
 * What `follow()` returns: `for await` it to get every new item of the stream once, for as long as
 * you iterate. `cursor` always stands right after the last item yielded: save it (it is plain
 * JSON) and pass it back as the `cursor` option to resume after a restart, with no item twice and
 * none missed.
 *
 * Nothing is sent before iteration starts, and each poll only when you ask for the next item after
 * the ones already fetched. `break` (or `signal`) stops it; iterating the same object again resumes
 * from its `cursor`.
 */
export class Follow<T, C> implements AsyncIterable<T> {
  readonly #source: FollowSource<T, C>;
  readonly #settings: FollowSettings;
  #cursor: C | undefined;

  constructor(source: FollowSource<T, C>, settings: FollowSettings, cursor: C | undefined) {
    this.#source = source;
    this.#settings = settings;
    this.#cursor = cursor;
  }

  /**
   * Right after the last item yielded: resuming from here yields what came after it. Before the
   * first poll it is the `cursor` option as given (`undefined` without one); once the follow has
   * started, never `undefined`.
   */
  get cursor(): C | undefined {
    return this.#cursor;
  }

  /** `for await (const item of follow)`: polls, yields every new item once, pauses, until `break` or `signal`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    const { signal } = this.#settings;
    const started = this.#cursor ?? (await this.#polled(() => this.#source.start(signal)));
    // Stryker disable next-line ConditionalExpression: equivalent (undefined only once aborted, and the first poll then returns at once); the check is the compiler's
    if (started === undefined) return;
    this.#cursor = started;
    let from: C = started;
    for (;;) {
      const result = await this.#polled(() => this.#source.poll(from, signal));
      if (result === undefined) return;
      for (let index = 0; index < result.items.length; index++) {
        this.#cursor = result.cursorAfter(index);
        yield result.items[index] as T;
        if (signal?.aborted) return;
      }
      from = result.next;
      this.#cursor = from;
      // Catch up at once only after a poll that brought something: a server that keeps saying
      // "more" (a count that never goes down, the same full page again) gets the pause every time.
      const catchUp = result.more && result.items.length > 0;
      if (!catchUp && !(await pause(jittered(this.#settings.interval), signal))) return;
    }
  }

  /**
   * One request of the source, tried again after failures that can pass (with a growing pause that
   * honours `Retry-After`), `undefined` once aborted; other failures are thrown.
   */
  async #polled<R>(request: () => Promise<R>): Promise<R | undefined> {
    const { signal } = this.#settings;
    for (let failures = 1; ; failures++) {
      if (signal?.aborted) return undefined;
      try {
        return await request();
      } catch (error) {
        if (signal?.aborted) return undefined;
        if (!isPassing(error)) throw error;
        // isPassing: an SdkError.
        if (!(await pause(backoffAfter(error as Error, failures, this.#settings), signal))) return undefined;
      }
    }
  }
}
