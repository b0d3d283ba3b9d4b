import { hash53 } from '../../core/base/hash53.js';
import { lastOf, readCursor } from '../../core/follow/cursor.js';
import type { StreamItem } from '../../schemas/index.js';

/**
 * Where a `network.follow` stands, as plain JSON (under 2 kB): the hub's row id `after`
 * which every item has been yielded, the first `skip` items after it (in the order they reached
 * the hub) also yielded, and `edge`, short hashes of the last items yielded, which the hub may
 * list on either side of that boundary (it orders by arrival time in whole seconds).
 */
export interface NetworkCursor {
  /** The cursor's version. */
  readonly v: 1;
  /** Which follow it belongs to. */
  readonly stream: 'network';
  /** Every item up to this hub row id was yielded (the next poll's `since_id`). */
  readonly after: number;
  /** Of the items after `after`, in the order they reached the hub, how many were yielded. */
  readonly skip: number;
  /** Hashes of the last items yielded (at most 128), for items the hub lists either side of the boundary. */
  readonly edge: readonly string[];
}

/**
 * How many of the last items yielded a cursor remembers: twice as many as may share one second of
 * arrival around the point where a follow stopped (64), so that such a group, however the hub orders
 * it the next time, is known on both sides of the point.
 */
export const EDGE_SIZE = 128;

export function readNetworkCursor(value: unknown): NetworkCursor | undefined {
  return readCursor<NetworkCursor>(value, 'network', {
    after: 'count',
    skip: 'count',
    edge: { list: 'string', max: EDGE_SIZE },
  });
}

export function networkCursor(after: number, skip: number, edge: readonly string[]): NetworkCursor {
  return { v: 1, stream: 'network', after, skip, edge: lastOf(edge, EDGE_SIZE) };
}

/**
 * An item's identity in a cursor: a 53-bit hash (cyrb53) of its message id in base 36, 11
 * characters instead of a 60-100 character URL. Two of the 128 colliding: about 1 in 10¹².
 */
export function itemHash(item: StreamItem): string {
  // In `warn`/`off` validation an entry may be anything the hub sent (`?.`: null has no fields).
  const entry = item as Partial<StreamItem> | null | undefined;
  return hash53(String(entry?.message_id ?? entry?.uuid ?? '')).toString(36);
}
