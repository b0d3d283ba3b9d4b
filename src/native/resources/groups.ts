import { ApiPromise } from '../../core/client/api-promise.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import type { GroupMember, PrivacyGroup } from '../../schemas/index.js';
import {
  exactlyOne,
  knownParams,
  type NoParams,
  requireId,
  requireNoParams,
  requireText,
} from '../arguments.js';
import { GroupMemberListSchema, PrivacyGroupListSchema } from '../envelopes.js';
import type { NativeApi } from '../native-api.js';

/** Which group: by `id` or by exact, case-sensitive name (`gname`). */
export type GroupMembersParams =
  | {
      /** The group's `id`. */
      group_id: number;
    }
  | {
      /** The group's name (`gname`), exactly (case-sensitive). */
      group_name: string;
    };

const MEMBERS_KEYS = keysOf<GroupMembersParams>({ group_id: true, group_name: true });

/** The channel's privacy groups. */
export class GroupsResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /** `group`: every privacy group, deleted ones included (`deleted: true`). Takes no parameters: `{}` or nothing. */
  list(params: NoParams = {}, options?: RequestOptions): ApiPromise<PrivacyGroup[]> {
    return ApiPromise.attempt(() => {
      requireNoParams('groups.list', params);
      return this.#api.read(
        'group',
        {},
        { schema: PrivacyGroupListSchema, subject: 'The group list', shape: 'array' },
        options,
      );
    });
  }

  /** `group_members`: a group's members; an unknown group → `NotFoundError`, an empty or deleted one → `[]`. */
  members(params: GroupMembersParams, options?: RequestOptions): ApiPromise<GroupMember[]> {
    return ApiPromise.attempt(() => {
      knownParams('groups.members', params, MEMBERS_KEYS);
      const key = exactlyOne('groups.members', params, ['group_id', 'group_name']);
      const query =
        key === 'group_id'
          ? { group_id: requireId('group_id', (params as { group_id: unknown }).group_id) }
          : { group_name: requireText('group_name', (params as { group_name: unknown }).group_name) };
      const subject = `Group ${key === 'group_id' ? query.group_id : `"${query.group_name}"`}`;
      return this.#api.read(
        'group_members',
        query,
        { schema: GroupMemberListSchema, subject, shape: 'array' },
        options,
      );
    });
  }
}
