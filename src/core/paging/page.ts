import type { ResponseInfo } from '../client/response-info.js';
import { WalkMemory, type WalkPosition } from './page-cycle.js';

/** One page as its loader fetched it: the items and what the server said about the rest. */
export interface LoadedPage<T, C> {
  /** The HTTP answer the page came from, described when first asked for. */
  response: () => ResponseInfo;
  items: T[];
  /** The server's total, or 0 when it does not know (phpFox often says 0). */
  total: number;
  /**
   * Equal fingerprints mean the server sent the same page again (phpFox clamps past the end), or
   * went back to an earlier one (a cycle: see `WalkMemory`).
   */
  fingerprint: string;
  /** The cursor of the following page, or `null` when the loader knows there is none. */
  next: C | null;
  /** The size of a full page: a shorter page is the last one. `undefined` when unknown. */
  pageSize?: number | undefined;
  /**
   * For lists whose pages overlap (phpFox 3.9's `notification.get` fills every answer up to 5 with
   * notifications it already returned): the item's identity. Items seen on an earlier page of the
   * same walk are dropped, and a page that brings nothing new ends the list.
   */
  keyOf?: ((item: T) => unknown) | undefined;
}

/** Fetches the page at `cursor`. */
export type PageLoader<T, C> = (cursor: C) => Promise<LoadedPage<T, C>>;

/**
 * One page of a list. `nextPage()` applies the stop rules that real servers need (they cannot be
 * trusted to say when a list ends): an empty page, a short page, the same page again or any page
 * the walk already had (so a server that cycles cannot make a walk endless), or `total` reached
 * when `total > 0`. `pages`/`current_page` from the server are never used.
 */
export class Page<T> {
  /** This page's items (for lists with `keyOf`, only those no earlier page of the walk had). */
  readonly items: T[];
  /** The server's total (0 when it did not say). */
  readonly total: number;
  readonly #loaded: LoadedPage<T, unknown>;
  readonly #loader: PageLoader<T, unknown>;
  readonly #seen: number;
  /** The keys of every item yielded so far, for lists with `keyOf`; a new set per page (pages stay immutable). */
  readonly #seenKeys: ReadonlySet<unknown> | undefined;
  /**
   * Where this page stands in its walk, to recognise a page the walk already had. The first page's
   * is made when a next page is asked for: a call that reads one page never hashes its fingerprint.
   */
  #position: WalkPosition | undefined;

  constructor(
    loaded: LoadedPage<T, unknown>,
    loader: PageLoader<T, unknown>,
    seenBefore = 0,
    // No default `new Set()`: most lists have no `keyOf`, and their pages need no set at all.
    seenKeysBefore?: ReadonlySet<unknown>,
    position?: WalkPosition,
  ) {
    const { keyOf } = loaded;
    let items = loaded.items;
    if (keyOf) {
      const seenKeys = new Set(seenKeysBefore);
      items = items.filter((item) => {
        const key = keyOf(item);
        if (key === undefined || key === null) return true;
        if (seenKeys.has(key)) return false;
        seenKeys.add(key);
        return true;
      });
      this.#seenKeys = seenKeys;
    }
    this.items = items;
    this.total = loaded.total;
    this.#loaded = loaded;
    this.#loader = loader;
    this.#seen = seenBefore + items.length;
    this.#position = position;
  }

  #response: ResponseInfo | undefined;
  /** The HTTP answer this page came from: status, headers (no cookies, redacted), the URL that answered. */
  get response(): ResponseInfo {
    this.#response ??= this.#loaded.response();
    return this.#response;
  }

  /** Whether another page may follow. `nextPage()` can still resolve `null` (an empty or repeated page). */
  hasNextPage(): boolean {
    const { next, items, pageSize, total } = this.#loaded;
    if (next === null || this.items.length === 0) return false;
    if (pageSize !== undefined && items.length < pageSize) return false;
    return !(total > 0 && this.#seen >= total);
  }

  /** The following page, or `null` at the end of the list. */
  async nextPage(): Promise<Page<T> | null> {
    if (!this.hasNextPage()) return null;
    const loaded = await this.#loader(this.#loaded.next);
    if (loaded.items.length === 0 || loaded.fingerprint === this.#loaded.fingerprint) return null;
    this.#position ??= WalkMemory.start(this.#loaded.fingerprint);
    const position = WalkMemory.next(this.#position, loaded.fingerprint);
    if (position === null) return null;
    const page = new Page(loaded, this.#loader, this.#seen, this.#seenKeys, position);
    return page.items.length === 0 ? null : page;
  }
}
