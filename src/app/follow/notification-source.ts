import type { FollowSource, PollResult } from '../../core/follow/follow-source.js';
import type { Notification } from '../../schemas/index.js';
import {
  notificationId as idOf,
  type NotificationCursor,
  notificationCursor,
} from './notification-cursor.js';

/** phpFox's `notification.get` answers at most this many. */
const ANSWER_SIZE = 5;

/** The two calls the follower makes. */
export interface NotificationCalls {
  /** `notification.getNewCount`: how many are unseen (cheap, changes nothing). */
  unseen(): Promise<number>;
  /** `notification.get`: up to 5, unseen first then seen ones (3.9), newest first; marks them seen. */
  fetch(): Promise<Notification[]>;
}

/**
 * phpFox pushes nothing and `notification.get` marks what it returns as seen, so the follower asks
 * `getNewCount` every poll and calls `get` only when something is unseen (or once after resuming,
 * to recover what a previous process fetched but died before it could yield). The rest of an
 * answer waits in the cursor (`pending`), so a follow stopped in the middle of one resumes with it.
 * phpFox 3.9 answers its 5 ordered by id, newest first, whatever was seen (it picks them unseen
 * first, then newest, and groups notifications of the same type and item into one): so in an
 * answer a notification is new when it was not yielded recently and its id is above every id the
 * follower has had, or it fills one of the answer's unseen places (`getNewCount`), highest ids
 * first. See docs/following.md for what phpFox makes impossible.
 */
export class NotificationSource implements FollowSource<Notification, NotificationCursor> {
  readonly #calls: NotificationCalls;
  #recover: boolean;

  constructor(calls: NotificationCalls, resumed: boolean) {
    this.#calls = calls;
    this.#recover = resumed;
  }

  /** No request: what is unseen now counts as new. */
  start(): Promise<NotificationCursor> {
    return Promise.resolve(notificationCursor(0, [], []));
  }

  async poll(from: NotificationCursor): Promise<PollResult<Notification, NotificationCursor>> {
    // What the last process fetched but did not yield: from the cursor, without a request.
    if (from.pending.length > 0) return this.#batch(from.after, from.pending, from.recent, true);
    const unseen = await this.#calls.unseen();
    if (unseen === 0 && !this.#recover)
      return { items: [], cursorAfter: () => from, next: from, more: false };
    const answer = usable(await this.#calls.fetch());
    this.#recover = false;
    const recent = new Set(from.recent);
    const fresh = answer.filter((item) => !recent.has(idOf(item))).sort((a, b) => idOf(b) - idOf(a));
    // Above every id the follower has had: new, seen or not (0: nothing had yet, nothing known above).
    const above = from.after > 0 ? fresh.filter((item) => idOf(item) > from.after) : [];
    // The answer holds min(unseen, its length) unseen ones, but says not which: the others are the
    // newest seen ones. The free places go to the highest ids (notifications get ids as they come).
    const places = Math.max(0, Math.min(unseen, answer.length) - above.length);
    const items = [...above, ...fresh.filter((item) => !above.includes(item)).slice(0, places)].sort(
      (a, b) => idOf(a) - idOf(b),
    );
    const after = Math.max(from.after, ...answer.map(idOf));
    return this.#batch(after, items, from.recent, unseen > ANSWER_SIZE || items.length === ANSWER_SIZE);
  }

  #batch(
    after: number,
    items: readonly Notification[],
    recent: readonly number[],
    more: boolean,
  ): PollResult<Notification, NotificationCursor> {
    const ids = items.map(idOf);
    const cursorAfter = (index: number) =>
      notificationCursor(after, items.slice(index + 1), [...recent, ...ids.slice(0, index + 1)]);
    const next = items.length === 0 ? notificationCursor(after, [], recent) : cursorAfter(items.length - 1);
    return { items, cursorAfter, next, more };
  }
}

/**
 * What of an answer can be followed: entries with an id (in `warn`/`off` validation a `null`, or
 * an entry without a numeric id, cannot be told apart from the others: skipped), each id once,
 * and no more than phpFox ever answers (a longer answer is cut: the cursor holds at most 5).
 */
function usable(answer: readonly Notification[]): Notification[] {
  const ids = new Set<number>();
  const kept: Notification[] = [];
  for (const item of answer) {
    const id = idOf(item);
    if (id === 0 || ids.has(id)) continue;
    ids.add(id);
    kept.push(item);
    if (kept.length === ANSWER_SIZE) break;
  }
  return kept;
}
