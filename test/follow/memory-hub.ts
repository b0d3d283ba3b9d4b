import type { StreamPage, ThreadOf } from '../../src/native/follow/network-source.js';
import type { ExportItem, StreamItem } from '../../src/schemas/index.js';

/** One row of the in-memory hub's stream. */
export interface MemoryRow {
  id: number;
  /** Arrival, in whole seconds (the hub orders by it, newest first). */
  second: number;
  mid: string;
  /** The thread's top message id (its own for a post). */
  top: string;
}

/**
 * A hub's unthreaded stream in memory, for the network source on its own: `page` answers as
 * `network/stream` does (rows after `since_id`, newest second first, `start`/`records` applied),
 * `thread` as `item/full` (the thread's row ids). Within one second the order is by id, or, with
 * `unstable`, one that changes with `start` and `records` as PostgreSQL's does. `junk` puts
 * entries that are no items (or are, without a thread) at places of every answer; `beforeAnswer`
 * runs before a stream request is answered (arrivals during a walk). Every request is written to
 * `asked`.
 */
export function memoryHub(options: { unstable?: boolean; junk?: Record<number, unknown> } = {}) {
  const rows: MemoryRow[] = [];
  const asked: string[] = [];
  const hooks: {
    junk: Record<number, unknown>;
    beforeAnswer?: (query: { start: number; records: number }) => void;
  } = { junk: options.junk ?? {} };
  let nextId = 100;
  let second = 1000;

  const item = (row: MemoryRow) =>
    ({
      message_id: row.mid,
      message_top: row.top,
      uuid: `u-${row.mid}`,
      body: row.mid,
    }) as unknown as StreamItem;

  const ordered = (start: number, records: number) => {
    const salt = options.unstable ? start * 31 + records * 7 : 0;
    const rank = (row: MemoryRow) =>
      options.unstable ? ((row.id * 2654435761 + salt * 40503) >>> 0) % 9973 : -row.id;
    return [...rows].sort((a, b) => b.second - a.second || rank(a) - rank(b));
  };

  const page: StreamPage = async ({ since_id, start, records }) => {
    asked.push(`stream ${start}+${records}${since_id === undefined ? '' : ` since ${since_id}`}`);
    hooks.beforeAnswer?.({ start, records });
    const listed: unknown[] = ordered(start, records)
      .filter((row) => since_id === undefined || row.id > since_id)
      .map(item);
    for (const [place, entry] of Object.entries(hooks.junk)) listed.splice(Number(place), 0, entry);
    return listed.slice(start, start + records) as StreamItem[];
  };

  const thread: ThreadOf = async (mid) => {
    asked.push(`full ${mid}`);
    return rows
      .filter((row) => row.top === mid)
      .map((row) => ({ message_id: row.mid, id: row.id }) as unknown as ExportItem);
  };

  return {
    rows,
    asked,
    hooks,
    page,
    thread,
    /** Adds `count` posts (or comments on `top`) in one new second; returns their message ids. */
    burst(count: number, prefix: string, top?: string): string[] {
      second += 1;
      return Array.from({ length: count }, (_, index) => {
        const mid = `${prefix}${index}`;
        rows.push({ id: nextId++, second, mid, top: top ?? mid });
        return mid;
      });
    },
  };
}
