import type { Bytes } from '../http/base64.js';
import type { HubAttachRow, HubChannel } from './hub-state.js';

/** What makes one stored file or folder; everything else of the row follows from it. */
export interface NewAttach {
  id: number;
  hash: string;
  channel: HubChannel;
  filename: string;
  /** The folder it is in; `undefined` at the top level. */
  parent: HubAttachRow | undefined;
  filetype: string;
  filesize: number;
  content: () => Bytes;
  /** SQL date-time of creation (also the edit time). */
  created: string;
  /** The `allow_gid` list, e.g. `<hash>` of the Friends group, or `''`. */
  allowGid: string;
}

/**
 * An attach row as Hubzilla stores it (folders use `multipart/mixed`), shared by the seed and by
 * `site.addFile`. Touches the parent's `edited`, as the real server does.
 */
export function newAttach(file: NewAttach): HubAttachRow {
  const { hash, channel, filename, parent, created } = file;
  if (parent) parent.edited = created;
  return {
    id: file.id,
    aid: channel.account_id,
    uid: channel.channel_id,
    hash,
    creator: channel.hash,
    filename,
    filetype: file.filetype,
    filesize: file.filesize,
    revision: 0,
    folder: parent?.hash ?? '',
    flags: 0,
    is_dir: file.filetype === 'multipart/mixed' ? 1 : 0,
    is_photo: 0,
    os_storage: 1,
    os_path: parent ? `${parent.os_path}/${hash}` : hash,
    display_path: parent ? `${parent.display_path}/${filename}` : filename,
    created,
    edited: created,
    allow_cid: '',
    allow_gid: file.allowGid,
    deny_cid: '',
    deny_gid: '',
    content: file.content,
  };
}
