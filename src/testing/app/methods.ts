import type { Runtime } from '../runtime.js';
import { type MethodResult, methodError } from './answer.js';
import type { AppNotification, AppUser } from './app-state.js';
import { type Method, type MethodCall, targetUser } from './call.js';
import { clampedPage } from './paging.js';
import { addPhoto, getPhotos } from './photos.js';
import { friendRecord, userRecord } from './records.js';

/**
 * The modules the fake implements and their methods (method names are case-insensitive, as PHP's).
 * `blog.get` answers as 3.9 does on a site without public blogs.
 */
export const MODULES: Record<string, Record<string, Method>> = {
  blog: { get: () => ({ output: [], total: 0 }) },
  friend: { getfriends: getFriends, isfriend: isFriend },
  mail: { getnewcount: ({ runtime, userId }) => ({ output: user(runtime, userId)?.unreadMail ?? 0 }) },
  notification: { getnewcount: newNotificationCount, get: getNotifications },
  photo: { addphoto: addPhoto, getphotos: getPhotos },
  user: { getuser: getUser },
};

/**
 * Modules of phpFox 3.9 with an API service (`module/X/include/service/api.class.php`) whose
 * methods the fake does not implement: a method of theirs answers
 * `api.method_not_valid_for_module`, as 3.9 does for a method the service lacks (seen live for
 * `blog.getBlogs` and `user.noSuchMethod`).
 */
export const SERVICE_MODULES = new Set([
  'api',
  'comment',
  'core',
  'event',
  'facebook',
  'feed',
  'forum',
  'like',
  'link',
  'marketplace',
  'pages',
  'profile',
  'video',
]);

/**
 * Modules a stock 3.9 site has installed without an API service: 3.9 (PHP 7.4) answers their
 * methods with HTTP 500 and an empty body (seen live for `poll.get` and `music.getSongs`).
 */
export const SERVICELESS_MODULES = new Set([
  'ad',
  'admincp',
  'announcement',
  'apps',
  'attachment',
  'ban',
  'captcha',
  'contact',
  'custom',
  'egift',
  'emoticon',
  'error',
  'favorite',
  'help',
  'im',
  'input',
  'invite',
  'janrain',
  'language',
  'log',
  'mobile',
  'music',
  'newsletter',
  'page',
  'poke',
  'poll',
  'privacy',
  'quiz',
  'rate',
  'report',
  'request',
  'rss',
  'search',
  'share',
  'shoutbox',
  'subscribe',
  'tag',
  'theme',
  'tinymce',
  'track',
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
