import type { Runtime } from '../runtime.js';
import { type MethodResult, methodError } from './answer.js';
import type { AppNotification, AppUser } from './app-state.js';
import { type Method, type MethodCall, targetUser } from './call.js';
import { clampedPage } from './paging.js';
import { addPhoto, getPhotos } from './photos.js';
import { friendRecord, userRecord } from './records.js';

/** The modules with an API service and their methods (method names are case-insensitive, as PHP's). */
export const MODULES: Record<string, Record<string, Method>> = {
  friend: { getfriends: getFriends, isfriend: isFriend },
  mail: { getnewcount: ({ runtime, userId }) => ({ output: user(runtime, userId)?.unreadMail ?? 0 }) },
  notification: { getnewcount: newNotificationCount, get: getNotifications },
  photo: { addphoto: addPhoto, getphotos: getPhotos },
  user: { getuser: getUser },
};

/** Real modules without an API service: phpFox answers them with an empty body. */
export const SERVICELESS_MODULES = new Set([
  'blog',
  'comment',
  'event',
  'feed',
  'forum',
  'marketplace',
  'music',
  'pages',
  'poll',
  'profile',
  'quiz',
  'video',
]);

function user(runtime: Runtime, id: number): AppUser | undefined {
  return runtime.app.users.get(id);
}

function getUser(call: MethodCall): MethodResult {
  const found = user(call.runtime, targetUser(call));
  if (!found) return methodError(call.runtime, 'user.user_cannot_be_found', 'User cannot be found.');
  return { output: userRecord(call.runtime, found) };
}

function getFriends(call: MethodCall): MethodResult {
  const { runtime } = call;
  const owner = user(runtime, targetUser(call));
  if (!owner) return { output: [] };
  if (owner.friendsPrivate && owner.user_id !== call.userId) {
    return methodError(
      runtime,
      'friend.get_friends',
      "You do not have permission to view this member's friends.",
    );
  }
  const friends = (runtime.app.friends.get(owner.user_id) ?? [])
    .map((id) => user(runtime, id))
    .filter((friend): friend is AppUser => friend !== undefined);
  const page = clampedPage(friends, call.params.get('page'));
  const total = runtime.options.listTotals === 'zero' ? 0 : friends.length;
  return { output: page.map((friend) => friendRecord(runtime, friend)), total };
}

function isFriend(call: MethodCall): MethodResult {
  if (!call.params.has('friend_user_id')) {
    return methodError(
      call.runtime,
      'friend.method_requires_friend_user_id',
      'Method requires a friend_user_id.',
    );
  }
  const friends = call.runtime.app.friends.get(targetUser(call)) ?? [];
  return { output: { is_friend: friends.includes(call.params.int('friend_user_id')) } };
}

function unseen(call: MethodCall) {
  return call.runtime.app.notifications.filter((n) => n.user_id === call.userId && !n.is_seen);
}

function newNotificationCount(call: MethodCall): MethodResult {
  const count = unseen(call).length;
  return { output: count, total: count };
}

/**
 * `notification.get`, whatever `page` says: up to 5, chosen unseen first and then already-seen
 * ones to fill up, newest first (phpFox's query orders by `is_seen ASC, time_stamp DESC` and takes
 * 5; seen live on 3.9.0), answered by id, highest first (phpFox `arsort`s the rows), and what it
 * returns is marked seen. So a second call answers 5 again. (Not modelled: phpFox groups
 * notifications of the same `type_id` and `item_id` into one and marks only that one seen.)
 */
function getNotifications(call: MethodCall): MethodResult {
  const newestFirst = (a: AppNotification, b: AppNotification) =>
    b.time_stamp - a.time_stamp || b.notification_id - a.notification_id;
  const mine = call.runtime.app.notifications.filter((n) => n.user_id === call.userId);
  const chosen = [
    ...mine.filter((n) => !n.is_seen).sort(newestFirst),
    ...mine.filter((n) => n.is_seen).sort(newestFirst),
  ].slice(0, 5);
  for (const notification of chosen) notification.is_seen = true;
  // phpFox then `arsort`s the rows, arrays led by `notification_id`: the answer is by id, highest first.
  chosen.sort((a, b) => b.notification_id - a.notification_id);
  return {
    output: chosen.map((n) => ({
      notification_id: String(n.notification_id),
      link: n.link,
      message: n.message,
      icon: n.icon,
    })),
  };
}
