import type { AddedNotification, AddNotificationInput, NotificationType } from '../arrivals-types.js';
import { unixSeconds } from '../http/dates.js';
import { refuseUnknownKeys } from '../input-keys.js';
import type { Runtime } from '../runtime.js';
import { APP_USER_ID } from '../seed/app-seed.js';

/** What each kind of notification says (after the actor's name) and whether it has an icon. */
const KINDS: Record<NotificationType, { text: string; icon: boolean }> = {
  comment: { text: 'commented on your wall', icon: true },
  like: { text: 'likes your photo', icon: true },
  friend: { text: 'added you as a friend', icon: false },
  tag: { text: 'tagged you in a photo', icon: true },
  wall: { text: 'wrote on your wall', icon: true },
};

const INPUT_KEYS = [
  'userId',
  'message',
  'type',
  'link',
] as const satisfies readonly (keyof AddNotificationInput)[];

/**
 * Stores an unseen notification for a phpFox user, as the site does when something happens to
 * them: the next id, and a time stamp from the site's clock that is never older than the user's
 * newest notification (notification.get lists newest first).
 */
export function addNotification(runtime: Runtime, input: AddNotificationInput): AddedNotification {
  refuseUnknownKeys('addNotification', input, INPUT_KEYS);
  const { app, options } = runtime;
  const userId = input.userId ?? APP_USER_ID;
  const user = app.users.get(userId);
  if (!user) throw new Error(`fake site: no phpFox user ${userId}`);
  const type = input.type ?? 'comment';
  const kind = KINDS[type];
  if (!kind)
    throw new Error(
      `fake site: no notification type ${JSON.stringify(type)} (${Object.keys(KINDS).join(', ')})`,
    );
  options.tick();
  const notification_id = app.notifications.reduce((max, n) => Math.max(max, n.notification_id), 0) + 1;
  const newest = app.notifications
    .filter((n) => n.user_id === userId)
    .reduce((max, n) => Math.max(max, n.time_stamp), 0);
  const time_stamp = Math.max(unixSeconds(options.now()), newest);
  const site = options.siteUrl;
  const message = input.message ?? `Jane Doe ${kind.text}`;
  app.notifications.push({
    notification_id,
    user_id: userId,
    link: input.link ?? `${site}/${user.user_name}/comment-id_${notification_id}/`,
    message,
    icon: kind.icon ? `${site}/module/blog/static/image/default/default/activity.png` : null,
    time_stamp,
    is_seen: false,
  });
  return { notification_id, user_id: userId, message, time_stamp };
}
