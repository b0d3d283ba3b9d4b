import * as z from 'zod/mini';
import { ApiPromise } from '../../core/client/api-promise.js';
import { Follow } from '../../core/follow/follow.js';
import { FOLLOW_OPTION_KEYS, type FollowOptions, followSettings } from '../../core/follow/follow-options.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { PagePromise } from '../../core/paging/page-promise.js';
import { CountSchema, type Notification, NotificationSchema } from '../../schemas/index.js';
import type { AppCaller, ListPaging } from '../app-caller.js';
import { type NotificationCursor, readNotificationCursor } from '../follow/notification-cursor.js';
import { NotificationSource } from '../follow/notification-source.js';
import { APP_METHOD_CHECKS } from '../method-checks.js';
import type { CountParams } from './mail.js';

const NotificationListSchema = z.array(NotificationSchema);

/**
 * phpFox returns at most 5 notifications a call, whatever `page` says, and marks them seen. 3.9
 * fills each answer up to 5 with already-seen ones, so the walk drops notifications it has already
 * yielded and ends on an answer that brings nothing new.
 */
const NOTIFICATION_PAGING: ListPaging = {
  pageSize: 5,
  firstPage: () => 1,
  keyOf: (item: Notification) => (item?.notification_id == null ? undefined : String(item.notification_id)),
};

/** The parameters of {@link NotificationResource.get}. */
export interface GetNotificationsParams {
  /** Whose notifications; the signed-in user when left out. */
  user_id?: number;
  /** Sent as given; phpFox ignores it. */
  page?: number;
}

/** The options of {@link NotificationResource.follow}. */
export interface NotificationFollowOptions extends FollowOptions<NotificationCursor> {}

const FOLLOW_KEYS = keysOf<NotificationFollowOptions>(FOLLOW_OPTION_KEYS);

/** The `notification` module. */
export class NotificationResource {
  readonly #caller: AppCaller;
  constructor(caller: AppCaller) {
    this.#caller = caller;
  }

  /** How many notifications are unseen. */
  getNewCount(params: CountParams = {}, options?: RequestOptions): ApiPromise<number> {
    return ApiPromise.attempt(() => {
      APP_METHOD_CHECKS['notification.getNewCount'](params);
      return this.#caller.value('notification.getNewCount', CountSchema, { ...params }, options, {
        shape: 'number',
      });
    });
  }

  /**
   * Notifications, at most 5 an answer. phpFox marks what it returns as seen, so each call can
   * return the next ones; iteration yields each notification once (phpFox 3.9 repeats seen ones to
   * fill an answer) and stops on a short or empty answer, or one with nothing new.
   */
  get(params: GetNotificationsParams = {}, options?: RequestOptions): PagePromise<Notification> {
    APP_METHOD_CHECKS['notification.get'](params);
    return this.#caller.list(
      'notification.get',
      NotificationListSchema,
      { ...params },
      NOTIFICATION_PAGING,
      options,
    );
  }

  /**
   * Every notification of the signed-in user once, for as long as you iterate, oldest first: the
   * unseen ones when it starts, then each new one. Polls `getNewCount` every `interval` (30 s) and
   * calls `get` (which marks what it returns as seen) only when something is unseen and you ask for
   * the next item; failures as in `network.follow`. Save `follow.cursor` after each item and pass it
   * back as `cursor` to resume: notifications fetched but not yet yielded when a process stopped
   * come back while phpFox still returns them. What phpFox makes impossible: see the guide
   * "Following a stream".
   */
  follow(options: NotificationFollowOptions = {}): Follow<Notification, NotificationCursor> {
    const settings = followSettings('notification.follow', options, FOLLOW_KEYS);
    const cursor = readNotificationCursor(options.cursor);
    const request = settings.signal ? { signal: settings.signal } : {};
    const source = new NotificationSource(
      {
        unseen: () => this.getNewCount({}, request),
        fetch: async () => (await this.get({}, request)).items,
      },
      cursor !== undefined,
    );
    return new Follow(source, settings, cursor);
  }
}
