import * as z from 'zod/mini';
import type { ApiPromise } from '../../core/api-promise.js';
import type { RequestOptions } from '../../core/options.js';
import type { PagePromise } from '../../core/page-promise.js';
import { CountSchema, type Notification, NotificationSchema } from '../../schemas/index.js';
import type { AppCaller, ListPaging } from '../app-caller.js';
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

export interface GetNotificationsParams {
  /** Whose notifications; the signed-in user when left out. */
  user_id?: number;
  /** Sent as given; phpFox ignores it. */
  page?: number;
}

/** The `notification` module. */
export class NotificationResource {
  readonly #caller: AppCaller;
  constructor(caller: AppCaller) {
    this.#caller = caller;
  }

  /** How many notifications are unseen. */
  getNewCount(params: CountParams = {}, options?: RequestOptions): ApiPromise<number> {
    return this.#caller.value('notification.getNewCount', CountSchema, { ...params }, options, {
      check: APP_METHOD_CHECKS['notification.getNewCount'],
      shape: 'number',
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
}
