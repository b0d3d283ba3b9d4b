import { unixSeconds } from '../http/dates.js';
import type { Runtime } from '../runtime.js';
import { type MethodResult, methodError } from './answer.js';
import type { AppNotification, AppUser } from './app-state.js';
import { type MethodCall, targetUser } from './call.js';
import { clampedPage } from './paging.js';
import { friendRecord, userRecord } from './records.js';

/*
 * The methods the fake implements, as phpFox's API services do them. Which version has which
 * method is in modules.ts.
 */

export function user(runtime: Runtime, id: number): AppUser | undefined {
  return runtime.app.users.get(id);
}

export function getUser(call: MethodCall): MethodResult {
  const found = user(call.runtime, targetUser(call));
  if (!found) return methodError(call.runtime, 'user.user_cannot_be_found', 'User cannot be found.');
  return { output: userRecord(call.runtime, found) };
}

export function getFriends(call: MethodCall): MethodResult {
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

export function isFriend(call: MethodCall): MethodResult {
  if (!call.params.has('friend_user_id')) {
    return methodError(
      call.runtime,
      'friend.method_requires_friend_user_id',
      'This method requires "friend_user_id".',
    );
  }
  const friends = call.runtime.app.friends.get(targetUser(call)) ?? [];
  return { output: { is_friend: friends.includes(call.params.int('friend_user_id')) } };
}

function unseen(call: MethodCall) {
  return call.runtime.app.notifications.filter((n) => n.user_id === call.userId && !n.is_seen);
}

export function newNotificationCount(call: MethodCall): MethodResult {
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
export function getNotifications(call: MethodCall): MethodResult {
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

/** `mail.getNewCount`: a bare integer, whatever `user_id` says. */
export function mailNewCount({ runtime, userId }: MethodCall): MethodResult {
  return { output: user(runtime, userId)?.unreadMail ?? 0 };
}

/**
 * `mail.get` (3.9 only). The fake keeps no messages, only the unread count, so it answers `[]`, as
 * the live 3.9.0 of the kit did for its seeded mails.
 */
export function getMail(): MethodResult {
  return { output: [] };
}

const REPEATED_STATUS = 'You have already added this recently. Try adding something else.';

/**
 * `user.updateStatus`: `user_status` is required. phpFox 3.0.1 answers `true` (the service returns
 * `(bool)` of the update); 3.5+ answers the new feed item, with `api.total` 1 (seen live on 3.9.0).
 * A text equal to the user's last status (phpFox's spam check, `user.check_status_updates` = 1) is
 * refused: 3.0.1 answers `false` and nothing else, 3.9.0 a method error without `error_id`.
 */
export function updateStatus(call: MethodCall): MethodResult {
  const { runtime } = call;
  const text = call.params.get('user_status') ?? '';
  if (text === '' || text === '0') {
    return methodError(runtime, 'user.status_is_empty', 'The variable user_status cannot be empty');
  }
  const statuses = runtime.app.statuses;
  const last = statuses.filter((status) => status.user_id === call.userId).at(-1);
  if (last?.text === text) {
    if (runtime.options.envelope === '3.0') return { output: false };
    return { output: { error: true, error_message: REPEATED_STATUS } };
  }
  const owner = user(runtime, call.userId);
  runtime.options.tick();
  const time_stamp = unixSeconds(runtime.options.now());
  const id = statuses.reduce((max, status) => Math.max(max, status.status_id), 0) + 1;
  statuses.push({ status_id: id, user_id: call.userId, text, time_stamp });
  if (runtime.options.envelope === '3.0') return { output: true };
  const site = runtime.options.siteUrl;
  return {
    total: 1,
    output: {
      profile_user_id: String(call.userId),
      profile_user_name: owner?.user_name ?? '',
      profile_full_name: owner?.full_name ?? '',
      profile_image: `${site}/file/pic/user/${owner?.photo ?? ''}_50.jpg`,
      id: String(id),
      update: text,
      time_stamp: String(time_stamp),
      convert_time_stamp: '1 second ago',
      comments: '0',
      likes: '0',
      is_liked: false,
    },
  };
}
