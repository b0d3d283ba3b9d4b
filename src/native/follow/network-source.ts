import { ValidationError } from '../../core/errors/validation-error.js';
import type { FollowSource, PollResult } from '../../core/follow/follow-source.js';
import { positiveId } from '../../core/follow/positive-id.js';
import type { ExportItem, StreamItem } from '../../schemas/index.js';
import { EDGE_SIZE, itemHash, type NetworkCursor, networkCursor } from './network-cursor.js';

/** One page of the unthreaded stream: every item (posts and comments) by arrival, newest first. */
export type StreamPage = (
  query: { since_id?: number; start: number; records: number },
  signal: AbortSignal | undefined,
) => Promise<StreamItem[]>;
/** The thread of a top item with row ids (`item/full`). */
export type ThreadOf = (mid: string, signal: AbortSignal | undefined) => Promise<ExportItem[]>;

/**
 * How many times `pageSize` one request of a poll may ask for (800 items by default): a poll that
 * finds more than a page asks again from the top for twice as many, up to this, so that what it
 * yields comes from one query, in one order (see `#walk`).
 */
export const WINDOW_PAGES = 16;

/**
 * The most items one poll walks: a hub whose pages stay full of new items (a hostile one, or a
 * backlog no follower should fetch in one go) ends the follow instead of growing its memory.
 */
export const MAX_WALK_ITEMS = 10_000;

/** What a walk found: every item after the cursor's row id, oldest first, and whether it took more than a page. */
interface Walk {
  items: StreamItem[];
  full: boolean;
}

/**
 * `network/stream` followed through the hub's unthreaded view (`compat=2`, see docs/following.md):
 * every item of the channel, top-level and comments (on old threads too), ordered by arrival
 * (`received`), paged by items, and `since_id` (a row id) applies to all of them. The encoded
 * items carry no row id, so after each poll the newest item's id is read from its thread
 * (`item/full`, one request) and becomes the next `since_id`.
 */
export class NetworkSource implements FollowSource<StreamItem, NetworkCursor> {
  readonly #page: StreamPage;
  readonly #thread: ThreadOf;
  readonly #pageSize: number;

  constructor(page: StreamPage, thread: ThreadOf, pageSize: number) {
    this.#page = page;
    this.#thread = thread;
    this.#pageSize = pageSize;
  }

  /** After the newest item now (and the others of its first page, which may share its second). */
  async start(signal: AbortSignal | undefined): Promise<NetworkCursor> {
    const newest = identified(await this.#page({ start: 0, records: this.#pageSize }, signal));
    const first = newest[0];
    if (first === undefined) return networkCursor(0, 0, []);
    const edge = newest.map(itemHash).reverse();
    const id = await new Threads(this.#thread, signal).idOf(first);
    if (id > 0) return networkCursor(id, 0, edge);
    // No row id to be had: everything there is counts as yielded (the last 128 by hash; the
    // settled part, `skip`, covers those before them).
    const walked = (await this.#walk(0, signal)).items;
    return remembering(0, walked.length, walked.map(itemHash));
  }

  async poll(
    from: NetworkCursor,
    signal: AbortSignal | undefined,
  ): Promise<PollResult<StreamItem, NetworkCursor>> {
    const { items: walked, full } = await this.#walk(from.after, signal);
    const nothing = { items: [], cursorAfter: () => from, next: from, more: false };
    // The newest when the walk's last query from the top ran: every item up to its row id was in
    // the walk (later arrivals have higher ids), so it becomes the next `since_id`.
    const newest = walked[walked.length - 1];
    if (newest === undefined) return nothing;
    const threads = new Threads(this.#thread, signal);
    const id = await threads.idOf(newest);
    // A hub that ignored `since_id` lists its newest item again: caught on the first such poll.
    if (id > 0 && id <= from.after) throw ignoredSinceId(from.after, id);
    const edge = new Set(from.edge);
    const hashes = walked.map(itemHash);
    // Below this index the order is settled: those were yielded. Near the boundary, the hashes decide
    // (they cover twice as far back: a yielded item of one second may come back above this line).
    const settled = from.skip - EDGE_SIZE / 2;
    const indexes: number[] = [];
    hashes.forEach((hash, index) => {
      if (index >= settled && !edge.has(hash)) indexes.push(index);
    });
    const items = indexes.map((index) => walked[index] as StreamItem);
    const oldest = items[0];
    // Everything listed was yielded already (the boundary second's): `since_id` moves past it (an
    // `id` above `after`: the check above).
    if (oldest === undefined) return id > 0 ? { ...nothing, next: remembering(id, 0, hashes) } : nothing;
    // The oldest to be yielded must be past `after` too (free when it shares the newest's thread:
    // each thread is read once a poll).
    if (from.after > 0) {
      const oldestId = await threads.idOf(oldest);
      if (oldestId > 0 && oldestId <= from.after) throw ignoredSinceId(from.after, oldestId);
    }
    const next = id > 0 ? remembering(id, 0, hashes) : remembering(from.after, walked.length, hashes);
    return {
      items,
      cursorAfter: (index) =>
        index === items.length - 1
          ? next
          : (() => {
              const skip = Math.max(from.skip, (indexes[index] as number) + 1);
              return remembering(from.after, skip, hashes, skip, new Set(indexes.slice(index + 1)));
            })(),
      next,
      more: full,
    };
  }

  /**
   * Every item after row id `after`, oldest first, each once (entries that cannot be told apart
   * skipped). PostgreSQL returns items received in the same second in an order that changes with
   * `start` and `records`, and junk entries take slots: pages joined where one ends would skip
   * items. So the walk asks from the top, `pageSize` items, then twice as many until an answer is
   * short: that answer is the whole list, from one query. Past `WINDOW_PAGES` pages (a backlog) it
   * goes on with windows of that size, each overlapping the one before by half, and keeps every
   * item it has not had: only a same-second group larger than half a window across the border of
   * two windows could hide an item from both. Items arriving meanwhile go on top and push the others
   * down: seen twice, kept once; in a deeper window, what comes before the first item the walk has
   * had arrived since its window from the top, and is left to the next poll. The same window twice
   * is a hub that ignores `start`: an error.
   */
  async #walk(after: number, signal: AbortSignal | undefined): Promise<Walk> {
    const since = after > 0 ? { since_id: after } : {};
    const window = this.#pageSize * WINDOW_PAGES;
    const ask = async (start: number, records: number) =>
      (await this.#page({ ...since, start, records }, signal)).slice(0, records);
    let records = this.#pageSize;
    let page = await ask(0, records);
    const full = page.length >= records;
    while (page.length >= records && records < window) {
      records = Math.min(records * 2, window);
      page = await ask(0, records);
    }
    const walked = new Map(identified(page).map((item) => [itemHash(item), item]));
    for (let start = window / 2; page.length >= records; start += window / 2) {
      if (start > MAX_WALK_ITEMS) throw endless(after);
      const before = fingerprint(page);
      page = await ask(start, records);
      if (fingerprint(page) === before) throw ignoredStart(after);
      // Above the first item the walk has had: arrivals since its window from the top (their ids are
      // above the newest's, the next poll has them). Below it: older items, new to the walk.
      const entries = identified(page);
      const known = entries.findIndex((item) => walked.has(itemHash(item)));
      // (One the walk has keeps its place: `set` does not move a key.)
      if (known >= 0) for (const item of entries.slice(known + 1)) walked.set(itemHash(item), item);
    }
    return { items: [...walked.values()].reverse(), full };
  }
}

/**
 * A cursor: `after` and `skip` as given, and the hashes of the yielded items among the last 128 of a
 * walk (`hashes`, oldest first) before index `end` (all but those at `pending`, not yielded yet): a
 * later walk may list those in another order (items of one second), or list them again above a new
 * `after` (those of its second with higher row ids).
 */
function remembering(
  after: number,
  skip: number,
  hashes: readonly string[],
  end = hashes.length,
  pending: ReadonlySet<number> = new Set(),
): NetworkCursor {
  const from = Math.max(0, end - EDGE_SIZE);
  const edge = hashes.slice(from, end).filter((_, offset) => !pending.has(from + offset));
  return networkCursor(after, skip, edge);
}

/** The threads read in one poll, each once: the row ids of stream items (`item/full` carries them; the stream does not). */
class Threads {
  readonly #thread: ThreadOf;
  readonly #signal: AbortSignal | undefined;
  readonly #read = new Map<string, Promise<ExportItem[]>>();

  constructor(thread: ThreadOf, signal: AbortSignal | undefined) {
    this.#thread = thread;
    this.#signal = signal;
  }

  /** The item's row id, 0 when its thread does not give one. */
  async idOf(item: StreamItem): Promise<number> {
    const top = item.message_top;
    if (typeof top !== 'string' || top === '') return 0;
    let thread = this.#read.get(top);
    if (thread === undefined) {
      thread = this.#thread(top, this.#signal);
      this.#read.set(top, thread);
    }
    return positiveId((await thread).find((entry) => entry?.message_id === item.message_id)?.id);
  }
}

function endless(after: number): ValidationError {
  return new ValidationError(
    `The network stream went on past ${MAX_WALK_ITEMS} items after row ${after}`,
    {},
  );
}

function ignoredSinceId(after: number, listed: number): ValidationError {
  return new ValidationError(`The network stream ignored since_id=${after} (row ${listed} again)`, {});
}

function ignoredStart(after: number): ValidationError {
  return new ValidationError(
    `The network stream ignored start (the same items again, after row ${after})`,
    {},
  );
}

/** The hashes of a page in order, junk included: two answers alike. */
function fingerprint(page: readonly StreamItem[]): string {
  return page.map(itemHash).join();
}

/** The entries that can be told apart: in `warn`/`off` validation a junk entry (no message id) is skipped. */
function identified(page: readonly StreamItem[]): StreamItem[] {
  return page.filter(hasIdentity);
}

function hasIdentity(item: StreamItem): boolean {
  // `?.`: null has no fields (a string or a number has none of these).
  const entry = item as { message_id?: unknown; uuid?: unknown } | null | undefined;
  return isNonEmptyText(entry?.message_id) || isNonEmptyText(entry?.uuid);
}

function isNonEmptyText(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}
