import type { WithResponse } from '../client/api-promise.js';
import { Page, type PageLoader } from './page.js';

/**
 * What list methods return: `await` it for the first page, `for await` it for every item of every
 * page (one request a page, lazily). Nothing is sent until it is awaited or iterated, so an unused
 * list never rejects unhandled.
 */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  readonly #loader: PageLoader<T, unknown>;
  readonly #firstCursor: unknown;
  readonly #signal: AbortSignal | undefined;
  #first: Promise<Page<T>> | undefined;

  /** `signal` (the call's) also stops iteration between items, not only the page requests. */
  constructor(loader: PageLoader<T, unknown>, firstCursor: unknown, signal?: AbortSignal) {
    this.#loader = loader;
    this.#firstCursor = firstCursor;
    this.#signal = signal;
  }

  #firstPage(): Promise<Page<T>> {
    this.#first ??= this.#loader(this.#firstCursor).then((loaded) => new Page(loaded, this.#loader));
    return this.#first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaitable by design.
  then<A = Page<T>, B = never>(
    onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#firstPage().then(onFulfilled, onRejected);
  }

  /** As `Promise.catch`, on the first page's request. */
  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page<T> | B> {
    return this.#firstPage().catch(onRejected);
  }

  /** As `Promise.finally`, on the first page's request. */
  finally(onFinally?: (() => void) | null): Promise<Page<T>> {
    return this.#firstPage().finally(onFinally);
  }

  /** The first page with the HTTP answer it came from, as `ApiPromise.withResponse()` gives it. */
  withResponse(): Promise<WithResponse<Page<T>>> {
    return this.#firstPage().then((page) => ({ data: page, response: page.response }));
  }

  /** Every page, starting with the first. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    for (let page: Page<T> | null = await this.#firstPage(); page !== null; page = await page.nextPage()) {
      yield page;
    }
  }

  /** Every item of every page, in order: `for await (const item of list())`. One request a page, lazily. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) {
      for (const item of page.items) {
        this.#signal?.throwIfAborted();
        yield item;
      }
    }
  }

  /** Collects items, all of them or the first `limit`; stops requesting pages once it has enough. */
  async toArray(options: { limit?: number } = {}): Promise<T[]> {
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const items: T[] = [];
    if (limit <= 0) return items;
    for await (const item of this) {
      items.push(item);
      if (items.length >= limit) break;
    }
    return items;
  }
}
