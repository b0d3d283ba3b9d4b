import { lastOf, readCursor } from '../../core/follow/cursor.js';
import { positiveId } from '../../core/follow/positive-id.js';
import type { Notification } from '../../schemas/index.js';

/**
 * Where a `notification.follow` stands, as plain JSON: `after`, the highest notification id the
 * follower has had from phpFox (0 before the first), `pending`, the notifications of the last
 * answer not yielded yet (phpFox marked them seen: a resumed follow yields them from here), and
 * `recent`, the last ids yielded.
 */
export interface NotificationCursor {
  /** The cursor's version. */
  readonly v: 1;
  /** Which follow it belongs to. */
  readonly stream: 'notification';
  /** The highest notification id the follower has had (0: none yet). */
  readonly after: number;
  /** The rest of the last answer, fetched (so marked seen) but not yielded yet: at most 5. */
  readonly pending: readonly Notification[];
  /** The ids of the last notifications yielded (at most 64). */
  readonly recent: readonly number[];
}

/** How many ids `pending` and `recent` keep. */
export const MEMORY = 64;

export function readNotificationCursor(value: unknown): NotificationCursor | undefined {
  return readCursor<NotificationCursor>(value, 'notification', {
    after: 'count',
    pending: { list: (entry) => notificationId(entry) > 0, max: 5 },
    recent: { list: 'count', max: MEMORY },
  });
}

export function notificationCursor(
  after: number,
  pending: readonly Notification[],
  recent: readonly number[],
): NotificationCursor {
  return {
    v: 1,
    stream: 'notification',
    after,
    pending,
    recent: lastOf(recent, MEMORY),
  };
}

/** A notification's id, or 0 for an entry without one (in `warn`/`off` validation it may be the string phpFox sent). */
export function notificationId(item: unknown): number {
  return positiveId((item as { notification_id?: unknown } | null | undefined)?.notification_id);
}
