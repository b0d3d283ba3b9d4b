import type { Bytes } from '../http/base64.js';
import type { HubItem } from './item-row.js';

/**
 * The Native API's (Hubzilla) data. Records keep the servers' wire encoding and field order, so
 * rendering them is mostly copying: numbers where PostgreSQL sends numbers, strings where it sends
 * strings (`visible`, `abook_closeness`, photo sizes, `item_private`).
 */

export interface HubAccount {
  account_id: number;
  email: string;
  password: string;
  /** Channel ids, the first being the default channel. */
  channels: number[];
}

export interface HubChannel {
  channel_id: number;
  account_id: number;
  /** The nickname (`channel_address`). */
  nick: string;
  name: string;
  /** The channel's own xchan hash. */
  hash: string;
  /** A fake PEM private key (the export's `channel` section carries it, as the real one does). */
  prvkey: string;
  created: string;
}

export interface HubXchanRow {
  hash: string;
  guid: string;
  guid_sig: string;
  pubkey: string;
  photo_mimetype: string;
  photo_l: string;
  photo_m: string;
  photo_s: string;
  addr: string;
  url: string;
  connurl: string;
  follow: string;
  connpage: string;
  name: string;
  network: string;
  instance_url: string;
  flags: number;
  photo_date: string;
  name_date: string;
  hidden: number;
  orphan: number;
  censored: number;
  selfcensored: number;
  system: number;
  pubforum: number;
  deleted: number;
}

export interface HubAbookRow {
  abook_id: number;
  abook_account: number;
  abook_channel: number;
  abook_xchan: string;
  abook_my_perms: number;
  abook_their_perms: number;
  abook_closeness: string;
  abook_created: string;
  abook_updated: string;
  abook_connected: string;
  abook_dob: string;
  abook_flags: number;
  abook_blocked: number;
  abook_ignored: number;
  abook_hidden: number;
  abook_archived: number;
  abook_pending: number;
  abook_unconnected: number;
  abook_self: number;
  abook_feed: number;
  abook_not_here: number;
  abook_profile: string;
  abook_incl: string;
  abook_excl: string;
  abook_instance: string;
  abook_role: string;
}

export interface HubAbconfigRow {
  id: number;
  chan: number;
  xchan: string;
  cat: string;
  k: string;
  v: string;
}

export interface HubGroupRow {
  id: number;
  hash: string;
  uid: number;
  visible: '0' | '1';
  deleted: '0' | '1';
  gname: string;
}

export interface HubGroupMemberRow {
  id: number;
  uid: number;
  gid: number;
  xchan: string;
}

/** A stored file or folder. `content` gives its bytes (generated lazily for the big file). */
export interface HubAttachRow {
  id: number;
  aid: number;
  uid: number;
  hash: string;
  creator: string;
  filename: string;
  filetype: string;
  filesize: number;
  revision: number;
  folder: string;
  flags: number;
  is_dir: number;
  is_photo: number;
  os_storage: number;
  os_path: string;
  display_path: string;
  created: string;
  edited: string;
  allow_cid: string;
  allow_gid: string;
  deny_cid: string;
  deny_gid: string;
  content: () => Bytes;
}

/** One scale of one photo (Hubzilla keeps a row per scale: 0 original, 1 to 3 smaller). */
export interface HubPhotoRow {
  id: number;
  aid: number;
  uid: number;
  xchan: string;
  resource_id: string;
  created: string;
  edited: string;
  expires: string;
  title: string;
  description: string;
  album: string;
  filename: string;
  mimetype: string;
  height: string;
  width: string;
  filesize: number;
  content: Bytes;
  imgscale: string;
  profile: string;
  photo_usage: number;
  is_nsfw: number;
  os_storage: number;
  os_path: string;
  display_path: string;
  photo_flags: number;
  allow_cid: string;
  allow_gid: string;
  deny_cid: string;
  deny_gid: string;
}

/** Everything the Native API serves. */
export interface HubState {
  accounts: HubAccount[];
  channels: HubChannel[];
  xchans: HubXchanRow[];
  abooks: HubAbookRow[];
  abconfig: HubAbconfigRow[];
  groups: HubGroupRow[];
  members: HubGroupMemberRow[];
  files: HubAttachRow[];
  photos: HubPhotoRow[];
  items: HubItem[];
  /** PHP sessions: id to the channel it is logged in as (`null`: a session without login). */
  sessions: Map<string, number | null>;
}

/** The next free id of a table. */
export function nextId(rows: readonly { id: number }[]): number {
  let max = 0;
  for (const row of rows) if (row.id > max) max = row.id;
  return max + 1;
}
