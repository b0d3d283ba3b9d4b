import * as z from 'zod/mini';
import { ApiPromise } from '../../core/client/api-promise.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { PagePromise } from '../../core/paging/page-promise.js';
import { type Friend, FriendSchema, IsFriendSchema } from '../../schemas/index.js';
import { type AppCaller, PHPFOX_PAGE_SIZE } from '../app-caller.js';
import { APP_METHOD_CHECKS } from '../method-checks.js';

const FriendListSchema = z.array(FriendSchema);

/** The parameters of {@link FriendResource.getFriends}. */
export interface GetFriendsParams {
  /** Whose friends; the signed-in user when left out. */
  user_id?: number;
  /** The page to start from (1-based, 10 friends a page). */
  page?: number;
}

/** The parameters of {@link FriendResource.isFriend}. */
export interface IsFriendParams {
  /** The user to test. Required. */
  friend_user_id: number;
  /** The other user; the signed-in user when left out. */
  user_id?: number;
}

/** The `friend` module. */
export class FriendResource {
  readonly #caller: AppCaller;
  constructor(caller: AppCaller) {
    this.#caller = caller;
  }

  /** A user's friends, 10 a page; `for await` walks them all and stops on its own. */
  getFriends(params: GetFriendsParams = {}, options?: RequestOptions): PagePromise<Friend> {
    APP_METHOD_CHECKS['friend.getFriends'](params);
    return this.#caller.list('friend.getFriends', FriendListSchema, { ...params }, FRIEND_PAGING, options);
  }

  /** Whether two users are friends. */
  isFriend(params: IsFriendParams, options?: RequestOptions): ApiPromise<boolean> {
    return ApiPromise.attempt(() => {
      APP_METHOD_CHECKS['friend.isFriend'](params);
      return this.#caller.value('friend.isFriend', IsFriendSchema, { ...params }, options, {
        unwrap: (output) => output.is_friend,
        shape: 'boolean',
      });
    });
  }
}

const FRIEND_PAGING = {
  pageSize: PHPFOX_PAGE_SIZE,
  firstPage: () => 1,
  idOf: (friend: { user_id?: unknown }) => friend.user_id,
};
