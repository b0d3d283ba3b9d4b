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
 * first, then the newest seen, and groups notifications of the same type and item into one): so in
 * an answer a notification is new when it was not yielded recently (before the first one had, only
 * the answer's unseen places, by `getNewCount`). See docs/following.md for what phpFox makes
 * impossible.
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
    // Once the follower has had notifications, every one of an answer it has not yielded recently is
    // new: an unseen one (phpFox lists them first), or a seen one it fills up with (the newest seen:
    // fetched by a process that died before yielding them, or read on the site first). Before that,
    // only the answer's unseen places are (`getNewCount`; as the answer does not say which, the
    // highest ids take them): the rest are notifications seen before the follow began.
    const items = (from.after > 0 ? fresh : fresh.slice(0, Math.min(unseen, answer.length))).sort(
      (a, b) => idOf(a) - idOf(b),
    );
    const after = Math.max(from.after, ...answer.map(idOf));
    // The others of a first answer (seen before the follow began) count as had: later answers fill
    // up with them too.
    const dismissed = fresh.filter((item) => !items.includes(item)).map(idOf);
    const more = unseen > ANSWER_SIZE || items.length === ANSWER_SIZE;
    return this.#batch(after, items, [...from.recent, ...dismissed], more);
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
    const next = notificationCursor(after, [], [...recent, ...ids]);
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
