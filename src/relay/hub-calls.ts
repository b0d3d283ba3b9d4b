import { ArgumentError } from '../core/errors/argument-error.js';
import { exactlyOne, requireFileId, requireText } from '../native/arguments.js';
import type { AbconfigListParams } from '../native/resources/abconfig.js';
import type { AbookListParams } from '../native/resources/abook.js';
import type { ChannelStreamParams } from '../native/resources/channel.js';
import type { FileDataParams, FileIdParams, FilesListParams } from '../native/resources/files-params.js';
import type { GroupMembersParams } from '../native/resources/groups.js';
import type { ItemFullParams } from '../native/resources/items.js';
import type { ItemUpdateParams } from '../native/resources/items-params.js';
import type { NetworkStreamParams } from '../native/resources/network.js';
import type { PermissionCheckParams } from '../native/resources/permissions.js';
import type { PhotoGetParams, PhotosListParams } from '../native/resources/photos.js';
import type { XchanParams } from '../native/resources/xchan.js';
import type { FieldsOf, SdkCall, TypedFields } from './sdk-call.js';

const get = <T>(fields: FieldsOf<T>, check?: (typed: TypedFields) => void): SdkCall => ({
  httpMethod: 'GET',
  fields,
  check,
});

const oneOf = (what: string, keys: readonly string[]) => (typed: TypedFields) => {
  exactlyOne(what, typed, keys);
};
const fileId = (typed: TypedFields) => {
  requireFileId(typed.file_id);
};
const byFile = get<FileIdParams>({ file_id: 'text' }, fileId);
const abook = { abook_id: 'id' } as const;

/** `item/update` as `items.update` sends it: `app` and `plink` go out as `source` and `permalink`. */
const ITEM_FIELDS: FieldsOf<Omit<ItemUpdateParams, 'app' | 'plink'>> = {
  body: 'text',
  media: 'file',
  title: 'text',
  contact_allow: 'text-or-list',
  group_allow: 'text-or-list',
  contact_deny: 'text-or-list',
  group_deny: 'text-or-list',
  coord: 'text',
  location: 'text',
  expire: 'text',
  mimetype: 'text',
  parent: 'id',
  parent_mid: 'text',
  remote_xchan: 'text',
  consensus: 'bool',
  nocomment: 'bool',
  namespace: 'text',
  remote_id: 'text',
  message_id: 'text',
  created: 'text',
  post_id: 'id',
  source: 'text',
  category: 'text',
  webpage: 'count',
  pagetitle: 'text',
  layout_mid: 'text',
  permalink: 'text',
  verb: 'text',
  obj_type: 'text',
};

/**
 * Every Native endpoint the SDK calls, with the fields it sends under the names it sends them
 * (the `channel` switch is the relay's own): the relay forwards these only.
 */
export const HUB_CALLS: Readonly<Record<string, SdkCall>> = Object.freeze({
  version: get<Record<string, never>>({}),
  files: get<FilesListParams>({
    filehash: 'text',
    filename: 'text',
    filetype: 'text',
    since: 'text',
    until: 'text',
    start: 'count',
    records: 'count',
  }),
  filedata: get<FileDataParams>({ file_id: 'text', start: 'count', length: 'count' }, fileId),
  filemeta: byFile,
  file: byFile,
  'file/export': byFile,
  albums: get<Record<string, never>>({}),
  photos: get<PhotosListParams>({ album: 'text' }),
  photo: get<PhotoGetParams>({ photo_id: 'text', scale: 'count' }, (typed) => {
    requireText('photo_id', typed.photo_id);
  }),
  group: get<Record<string, never>>({}),
  group_members: get<GroupMembersParams>(
    { group_id: 'id', group_name: 'text' },
    oneOf('groups.members', ['group_id', 'group_name']),
  ),
  xchan: get<XchanParams>({ address: 'text', hash: 'text', guid: 'text' }, (typed) => {
    const key = exactlyOne('xchan.get', typed, ['address', 'hash', 'guid']);
    // The hub formats the value into its SQL with sprintf: "%" makes it fail (the SDK refuses it too).
    if (String(typed[key]).includes('%')) throw new ArgumentError(`${key} must not contain "%"`);
  }),
  'item/full': get<ItemFullParams>({ item_id: 'id', mid: 'text' }, oneOf('items.full', ['item_id', 'mid'])),
  'item/update': {
    httpMethod: 'POST',
    fields: ITEM_FIELDS,
    check: (typed) => {
      // As `items.update`: a text unless media is attached, and one parent at most.
      if (typed.media === undefined) requireText('body', typed.body);
      if (typed.parent !== undefined && typed.parent_mid !== undefined) {
        throw new ArgumentError('items.update: give parent or parent_mid, not both');
      }
    },
  },
  'channel/stream': get<ChannelStreamParams>({ mindate: 'text' }),
  'channel/export/basic': get<{ sections?: string }>({ sections: 'text' }),
  // `uid` is read from the connection's `abook` row for `cid`; `compat=2` is the follower's view.
  'network/stream': get<NetworkStreamParams & { uid?: number; compat?: number }>({
    dbegin: 'text',
    dend: 'text',
    search: 'text',
    cat: 'text',
    star: 'bool',
    since_id: 'id',
    cid: 'id',
    uid: 'id',
    compat: 'count',
    start: 'count',
    records: 'count',
  }),
  abook: get<AbookListParams>(abook),
  abconfig: get<AbconfigListParams>(abook),
  perm_allowed: get<PermissionCheckParams>({ ...abook, perm: 'text' }, (typed) => {
    if (typed.abook_id === undefined) throw new ArgumentError('abook_id is required');
  }),
});

/** The call the SDK makes to `endpoint`, if it calls it (own properties only: `__proto__` is no endpoint). */
export function hubCall(endpoint: string): SdkCall | undefined {
  return Object.hasOwn(HUB_CALLS, endpoint) ? HUB_CALLS[endpoint] : undefined;
}
