import type { FollowSource, PollResult } from '../../core/follow/follow-source.js';
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
    const newest = await this.#page({ start: 0, records: this.#pageSize }, signal);
    const first = newest[0];
    if (first === undefined) return networkCursor(0, 0, []);
    const edge = newest.map(itemHash).reverse();
    const id = await this.#idOf(first, signal);
    if (id !== undefined) return networkCursor(id, 0, edge);
    // No row id to be had: everything there is counts as yielded.
    return networkCursor(0, (await this.#walk(0, signal)).length, edge);
  }

  async poll(
    from: NetworkCursor,
    signal: AbortSignal | undefined,
  ): Promise<PollResult<StreamItem, NetworkCursor>> {
    const walked = await this.#walk(from.after, signal);
    const edge = new Set(from.edge);
    // Below this index the order is settled: those were yielded. Near the boundary, the hashes decide.
    const settled = from.skip - EDGE_SIZE;
    const items: StreamItem[] = [];
    const indexes: number[] = [];
    walked.forEach((item, index) => {
      if (index < settled || edge.has(itemHash(item))) return;
      items.push(item);
      indexes.push(index);
    });
    if (items.length === 0) return { items, cursorAfter: () => from, next: from, more: false };
    const yielded = [...from.edge, ...items.map(itemHash)];
    // The newest when the walk began (the first item of its first page): later arrivals have higher ids.
    const newest = walked[walked.length - 1] as StreamItem;
    const id = await this.#idOf(newest, signal);
    const next =
      id === undefined
        ? networkCursor(from.after, walked.length, yielded)
        : networkCursor(Math.max(id, from.after), 0, yielded);
    return {
      items,
      cursorAfter: (index) =>
        index === items.length - 1
          ? next
          : networkCursor(
              from.after,
              Math.max(from.skip, (indexes[index] as number) + 1),
              yielded.slice(0, from.edge.length + index + 1),
            ),
      next,
      more: walked.length >= this.#pageSize,
    };
  }

  /**
   * Every item after row id `after`, oldest first, each once. Items that arrive during the walk go
   * on top and push the others down, possibly past a whole page: so pages overlap by one item, and
   * each page is joined to the walk at the item the previous page ended with (the anchor). What is
   * above the anchor in a later page is new since the walk began: the next poll has it (its ids are
   * above the newest item's, the next `after`). A page without the anchor that ends the list means
   * the order changed under the walk (a thread deleted), and the same page twice a server that
   * ignores `start`: the walk starts again, up to 3 times, then keeps what it has.
   */
  async #walk(after: number, signal: AbortSignal | undefined): Promise<StreamItem[]> {
    const since = after > 0 ? { since_id: after } : {};
    const size = this.#pageSize;
    for (let attempt = 1; ; attempt++) {
      const seen = new Set<string>();
      const walked: StreamItem[] = [];
      const extend = (items: StreamItem[]) => {
        for (const item of items) {
          const key = itemHash(item);
          if (seen.has(key)) continue;
          seen.add(key);
          walked.push(item);
        }
      };
      let page = await this.#page({ ...since, start: 0, records: size }, signal);
      extend(page);
      let lost = false;
      for (let start = size - 1; page.length === size && !lost; start += size - 1) {
        const anchor = itemHash(walked[walked.length - 1] as StreamItem);
        const before = page.map(itemHash).join();
        page = await this.#page({ ...since, start, records: size }, signal);
        const at = page.findIndex((item) => itemHash(item) === anchor);
        if (at >= 0) extend(page.slice(at + 1));
        // The same page again (a server that ignores `start`) would make the walk endless.
        lost = (at < 0 && page.length < size) || page.map(itemHash).join() === before;
      }
      if (!lost || attempt === 3) return walked.reverse();
    }
  }

  /** The row id of a stream item, from its thread (`item/full` carries ids; the stream does not). */
  async #idOf(item: StreamItem, signal: AbortSignal | undefined): Promise<number | undefined> {
    if (typeof item?.message_top !== 'string' || item.message_top === '') return undefined;
    const thread = await this.#thread(item.message_top, signal);
    const id = thread.find((entry) => entry?.message_id === item.message_id)?.id;
    return typeof id === 'number' ? id : undefined;
  }
}
