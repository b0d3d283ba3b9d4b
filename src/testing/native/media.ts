import { sqlDate } from '../http/dates.js';
import { photoRows } from '../seed/hub-files.js';
import type { HubCall } from './endpoint.js';
import { type HubAttachRow, nextId } from './hub-state.js';
import { type Acl, aclText } from './item-factory.js';
import { photoItem } from './photo-item.js';

/** The default access list of a channel's new posts and files: its "Friends" group. */
export function defaultAcl(call: HubCall): Acl {
  const friends = call.runtime.hub.groups.find(
    (g) => g.uid === call.channel.channel_id && g.gname === 'Friends',
  );
  return { allow_cid: '', allow_gid: friends ? aclText([friends.hash]) : '', deny_cid: '', deny_gid: '' };
}

/**
 * Stores an item/update `media` upload in the month folder (`2026-11`), as Hubzilla does, and
 * returns its link as Wall_attach makes it (a photo's `[zrl][zmg]`, any other file's
 * `[attachment]hash,revision[/attachment]`), for `withMediaLink` to place; `undefined` when the
 * upload fails (an empty file).
 * Images get photo rows; their smaller scales reuse the original bytes (the fake does not resize).
 */
export async function storeMedia(call: HubCall, media: File): Promise<string | undefined> {
  const bytes = new Uint8Array(await media.arrayBuffer());
  if (bytes.length === 0) return undefined;
  const { hub } = call.runtime;
  const { channel, site } = call;
  const now = sqlDate(call.runtime.options.now());
  const acl = defaultAcl(call);
  const base = {
    aid: channel.account_id,
    uid: channel.channel_id,
    creator: channel.hash,
    revision: 0,
    flags: 0,
    os_storage: 1,
    created: now,
    edited: now,
    ...acl,
  };
  const month = now.slice(0, 7);
  let folder = hub.files.find((f) => f.uid === channel.channel_id && f.is_dir === 1 && f.filename === month);
  if (!folder) {
    const hash = call.runtime.prng.uuid();
    folder = {
      ...base,
      id: nextId(hub.files),
      hash,
      filename: month,
      filetype: 'multipart/mixed',
      filesize: 0,
      folder: '',
      is_dir: 1,
      is_photo: 0,
      os_path: hash,
      display_path: month,
      content: () => new Uint8Array(0),
    };
    hub.files.push(folder);
  }
  const hash = call.runtime.prng.uuid();
  const size = imageSize(bytes);
  const filename = media.name || 'upload';
  const attach: HubAttachRow = {
    ...base,
    id: nextId(hub.files),
    hash,
    filename,
    filetype: size?.type ?? (media.type || 'application/octet-stream'),
    filesize: bytes.length,
    folder: folder.hash,
    is_dir: 0,
    is_photo: size ? 1 : 0,
    os_path: `${folder.os_path}/${hash}`,
    display_path: `${folder.display_path}/${filename}`,
    content: () => bytes,
  };
  hub.files.push(attach);
  folder.edited = now;
  if (!size) return `[attachment]${hash},0[/attachment]`;
  const rows = photoRows(attach, folder.filename, size.width, size.height, () => bytes, nextId(hub.photos));
  hub.photos.push(...rows);
  const itemId = nextId(hub.items.map((item) => item.row));
  hub.items.push(photoItem(site, itemId, call.runtime.prng.uuid(), channel, attach, folder, rows, true));
  const extension = size.type === 'image/png' ? 'png' : size.type === 'image/gif' ? 'gif' : 'jpg';
  return `[zrl=${site}/photos/${channel.nick}/image/${hash}][zmg=${site}/photo/${hash}-2.${extension}]${filename}[/zmg][/zrl]`;
}

/** The type and size of a PNG, GIF or JPEG, read from its header; `undefined` for anything else. */
export function imageSize(bytes: Uint8Array): { type: string; width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50) {
    return { type: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) {
    return { type: 'image/gif', width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  for (let offset = 2; offset + 9 < bytes.length; ) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    const length = view.getUint16(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type: 'image/jpeg', width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    }
    offset += 2 + length;
  }
  return undefined;
}
