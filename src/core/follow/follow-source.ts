/**
 * What one stream gives the polling loop (`Follow`): where "now" is, and what is new after a cursor.
 * A source never waits and never retries: the loop does both.
 */
export interface FollowSource<T, C> {
  /** The cursor of the stream's end as it is now: a follow without a cursor yields what comes after. */
  start(signal: AbortSignal | undefined): Promise<C>;
  /** One poll: what came after `from`. */
  poll(from: C, signal: AbortSignal | undefined): Promise<PollResult<T, C>>;
}

/** What a poll found. */
export interface PollResult<T, C> {
  /** The new items, in the order they are yielded (oldest first), none yielded before. */
  items: readonly T[];
  /**
   * The cursor that stands right after `items[index]`: resumed from, it yields `items[index + 1]`
   * and on, never `items[index]` or anything before. After the last item it equals `next`.
   */
  cursorAfter(index: number): C;
  /** Where the next poll starts once every item was yielded (`from` when there was none). */
  next: C;
  /** Poll again at once, without the pause: the poll was full, more may be waiting. */
  more: boolean;
}
