import * as z from 'zod/mini';
import type { RequestOptions } from '../../core/options.js';
import type { PagePromise } from '../../core/page-promise.js';
import { CountSchema, type Notification, NotificationSchema } from '../../schemas/index.js';
import type { AppCaller } from '../app-caller.js';
import { requireId, requirePage } from '../arguments.js';
import type { CountParams } from './mail.js';

const NotificationListSchema = z.array(NotificationSchema);

/** phpFox returns at most 5 notifications a call, whatever `page` says. */
const NOTIFICATION_PAGING = { pageSize: 5, firstPage: () => 1 };

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
  async getNewCount(params: CountParams = {}, options?: RequestOptions): Promise<number> {
    requireId('user_id', params.user_id, false);
    return (await this.#caller.call('notification.getNewCount', CountSchema, { ...params }, options)).output;
  }

  /**
   * Notifications, at most 5 an answer. phpFox marks what it returns as seen, so each call can
   * return the next ones; iteration stops on a short, empty or repeated answer.
   */
  get(params: GetNotificationsParams = {}, options?: RequestOptions): PagePromise<Notification> {
    requireId('user_id', params.user_id, false);
    requirePage(params.page);
    return this.#caller.list(
      'notification.get',
      NotificationListSchema,
      { ...params },
      NOTIFICATION_PAGING,
      options,
    );
  }
}
