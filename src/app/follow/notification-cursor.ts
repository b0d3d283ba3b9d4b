import { lastOf, readCursor } from '../../core/follow/cursor.js';

/**
 * Where a `notification.follow` stands, as plain JSON: `after`, the highest notification id the
 * follower has had from phpFox (0 before the first), `pending`, ids phpFox returned (and so marked
 * seen) that were not yielded yet, and `recent`, the last ids yielded.
 */
export interface NotificationCursor {
  readonly v: 1;
  readonly stream: 'notification';
  readonly after: number;
  readonly pending: readonly number[];
  readonly recent: readonly number[];
}

/** How many ids `pending` and `recent` keep. */
export const MEMORY = 64;

export function readNotificationCursor(value: unknown): NotificationCursor | undefined {
  return readCursor<NotificationCursor>(value, 'notification', {
    after: 'count',
    pending: { list: 'count', max: MEMORY },
    recent: { list: 'count', max: MEMORY },
  });
}

export function notificationCursor(
  after: number,
  pending: readonly number[],
  recent: readonly number[],
): NotificationCursor {
  return {
    v: 1,
    stream: 'notification',
    after,
    pending: lastOf(pending, MEMORY),
    recent: lastOf(recent, MEMORY),
  };
}
