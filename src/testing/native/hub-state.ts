import type { Bytes } from '../http/base64.js';
import type { HubItem } from './item-row.js';

/**
 * The Native API's (Hubzilla) data. Records keep the servers' wire encoding and field order, so
 * rendering them is mostly copying: numbers where PostgreSQL sends numbers, strings where it sends
 * strings (`visible`, `abook_closeness`, photo sizes, `item_private`).
 */

/** An account of the hub: a login that owns one or more channels. */
export interface HubAccount {
  /** The account's id (`aid`, `abook_account` in other rows). */
  account_id: number;
  /** The account's e-mail, accepted as the Basic user name too (case-insensitive). */
  email: string;
  /** The password, in clear: the fake compares it as given. */
  password: string;
  /** Channel ids, the first being the default channel. */
  channels: number[];
}

/** A channel of the hub: what the Native API signs in as and serves. */
export interface HubChannel {
  /** The channel's id (`uid`, `abook_channel`, `chan` in other rows). */
  channel_id: number;
  /** The id of the account that owns it. */
  account_id: number;
  /** The nickname (`channel_address`). */
  nick: string;
  /** The channel's display name. */
  name: string;
  /** The channel's own xchan hash. */
  hash: string;
  /**
   * The PEM private key (the export's `channel` section carries it, as the real one does): a real
   * RSA key for alice and bob, an unusable stand-in for the others.
   */
  prvkey: string;
  /** When the channel was made, UTC `YYYY-MM-DD HH:MM:SS`. */
  created: string;
}

/** An `xchan` row: a channel's network identity, as the `xchan` endpoint renders it (`addr` → `address`). */
export interface HubXchanRow {
  /** The identity's hash: its id across the network, and what `xchan`, `*_xchan` and ACL fields hold. */
  hash: string;
  /** The channel's globally unique id. */
  guid: string;
  /** `guid` signed with the channel's private key. */
  guid_sig: string;
  /** The channel's public RSA key (PEM). */
  pubkey: string;
  /** The MIME type of the channel's photo (`image/jpeg`). */
  photo_mimetype: string;
  /** URL of the channel's photo, large (300 px). */
  photo_l: string;
  /** URL of the channel's photo, medium (80 px). */
  photo_m: string;
  /** URL of the channel's photo, small (48 px). */
  photo_s: string;
  /** The channel address, `nick@host` (the row's `xchan_addr`, renamed by the endpoint). */
  addr: string;
  /** URL of the channel's home page. */
  url: string;
  /** URL other sites connect to (the channel's protocol endpoint). */
  connurl: string;
  /** URL to follow the channel from elsewhere, when its network has one. */
  follow: string;
  /** URL of the channel's connection page, when its network has one. */
  connpage: string;
  /** The channel's display name. */
  name: string;
  /** Its protocol: `zot6` (Hubzilla), `activitypub`, `diaspora`, `rss`, … */
  network: string;
  /** URL of the site hosting the channel, for networks without hub locations (`""` otherwise). */
  instance_url: string;
  /** Legacy flag bits (superseded by the boolean fields). */
  flags: number;
  /** When the photo last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  photo_date: string;
  /** When the name last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  name_date: string;
  /** Hidden from directories. 0 or 1 here; the SDK reads a boolean. */
  hidden: number;
  /** No hub location is known for it any more. 0 or 1 here; the SDK reads a boolean. */
  orphan: number;
  /** Censored by the hub's administrator. 0 or 1 here; the SDK reads a boolean. */
  censored: number;
  /** The channel marks its own content as not safe for work. 0 or 1 here; the SDK reads a boolean. */
  selfcensored: number;
  /** A system channel of its hub, not a person. 0 or 1 here; the SDK reads a boolean. */
  system: number;
  /** A public forum (a group channel anyone may join). 0 or 1 here; the SDK reads a boolean. */
  pubforum: number;
  /** The channel was removed. 0 or 1 here; the SDK reads a boolean. */
  deleted: number;
}

/** An `abook` row: one connection of a channel, in the wire encoding (the SDK's `Abook` joins the xchan). */
export interface HubAbookRow {
  /** The address-book entry's id (`abook_id` of `abook`, `abconfig` and `perm_allowed`). */
  abook_id: number;
  /** The id of the account that owns the channel. */
  abook_account: number;
  /** The id of the channel whose connection this is. */
  abook_channel: number;
  /** The connection's identity hash (an the SDK's `Xchan`'s `hash`). */
  abook_xchan: string;
  /** Legacy bit set of what the channel allows the connection (now in `abconfig` `my_perms`). */
  abook_my_perms: number;
  /** Legacy bit set of what the connection allows the channel (now in `abconfig` `their_perms`). */
  abook_their_perms: number;
  /**
   * How close the connection is, 0 (closest) to 99. A numeric string here, as PostgreSQL sends it; the SDK reads a number.
   */
  abook_closeness: string;
  /** When the connection was made. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  abook_created: string;
  /** When the entry last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  abook_updated: string;
  /** When the connection was last heard from. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  abook_connected: string;
  /** The connection's next birthday, when shared. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  abook_dob: string;
  /** Legacy flag bits (superseded by the boolean fields). */
  abook_flags: number;
  /** The channel blocks the connection. 0 or 1 here; the SDK reads a boolean. */
  abook_blocked: number;
  /** The channel ignores the connection's posts. 0 or 1 here; the SDK reads a boolean. */
  abook_ignored: number;
  /**
   * The connection is hidden from the channel's public connection list. 0 or 1 here; the SDK reads a boolean.
   */
  abook_hidden: number;
  /** The connection is archived (unreachable for a long time). 0 or 1 here; the SDK reads a boolean. */
  abook_archived: number;
  /** A connection request not yet approved. 0 or 1 here; the SDK reads a boolean. */
  abook_pending: number;
  /** Known, but not connected (e.g. met in a conversation). 0 or 1 here; the SDK reads a boolean. */
  abook_unconnected: number;
  /** The channel's own entry. 0 or 1 here; the SDK reads a boolean. */
  abook_self: number;
  /** The connection is a news feed (RSS/Atom). 0 or 1 here; the SDK reads a boolean. */
  abook_feed: number;
  /** The connection has moved away from this hub. 0 or 1 here (not in the SDK's `Abook`). */
  abook_not_here: number;
  /** The guid of the profile the connection is shown (`""`: the default profile). */
  abook_profile: string;
  /** Filter: only posts with these words reach the stream (`""`: no filter). */
  abook_incl: string;
  /** Filter: posts with these words are left out of the stream (`""`: no filter). */
  abook_excl: string;
  /** The sites (hub URLs, comma-separated) the connection is known to have been seen at. */
  abook_instance: string;
  /** The name of the permission role given to the connection (`""` for none; not in the SDK's `Abook`). */
  abook_role: string;
}

/** An `abconfig` row: one per-connection setting. */
export interface HubAbconfigRow {
  /** The setting's row id. */
  id: number;
  /** The id of the channel the setting belongs to. */
  chan: number;
  /** The connection's identity hash (the entry's `abook_xchan`). */
  xchan: string;
  /** The setting's category: `my_perms`, `their_perms`, `system`, … */
  cat: string;
  /** The setting's key within its category (a permission name such as `view_stream`). */
  k: string;
  /** The value, always as text (`"1"`, a date, serialized data). */
  v: string;
}

/** A `group` row: a privacy group, `visible` and `deleted` as PostgreSQL sends them. */
export interface HubGroupRow {
  /** The group's id (the `group_id` of `group_members`). */
  id: number;
  /** The group's hash: what access lists (`allow_gid`, `deny_gid`) hold, in angle brackets. */
  hash: string;
  /** The id of the channel that owns the group. */
  uid: number;
  /**
   * Members may see who else is in the group. `"0"` or `"1"` here, as PostgreSQL sends it; the SDK reads a boolean.
   */
  visible: '0' | '1';
  /**
   * The group was deleted (deleted groups are still listed). `"0"` or `"1"` here, as PostgreSQL sends it; the SDK reads a boolean.
   */
  deleted: '0' | '1';
  /** The group's name (the `group_name` of `group_members`, case-sensitive). */
  gname: string;
}

/** A `group_member` row: one membership (the endpoint joins the member's abook and xchan). */
export interface HubGroupMemberRow {
  /** The membership's row id. */
  id: number;
  /** The id of the channel that owns the group. */
  uid: number;
  /** The group's id (a the SDK's `PrivacyGroup`'s `id`). */
  gid: number;
  /** The member's identity hash. */
  xchan: string;
}

/** A stored file or folder. `content` gives its bytes (generated lazily for the big file). */
export interface HubAttachRow {
  /** The row id. */
  id: number;
  /** The id of the account that owns it. */
  aid: number;
  /** The id of the channel that owns it. */
  uid: number;
  /** * The file's id: the `file_id` of `filedata`, `file`, `filemeta` and `file/export`. */
  hash: string;
  /** The identity hash of the channel that uploaded it (not in `files` lists). */
  creator: string;
  /** The file or folder name. */
  filename: string;
  /** The MIME type (`text/plain`; `multipart/mixed` for folders). */
  filetype: string;
  /** The size in bytes (0 for folders). */
  filesize: number;
  /** How many times the file was replaced. */
  revision: number;
  /** The `hash` of the parent folder, `""` at the top level. */
  folder: string;
  /** Legacy flag bits. */
  flags: number;
  /** A folder. 0 or 1 here; the SDK reads a boolean. */
  is_dir: number;
  /** An image that also has photo rows (see `photos`). 0 or 1 here; the SDK reads a boolean. */
  is_photo: number;
  /** Stored in the hub's file system (not in the database). 0 or 1 here; the SDK reads a boolean. */
  os_storage: number;
  /** The storage path on the server (folder and file hashes), not a display path. */
  os_path: string;
  /** Where it is as users see it, e.g. */
  display_path: string;
  /** When it was uploaded. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  created: string;
  /** When it last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  edited: string;
  /** Access list: the identity hashes allowed, each in angle brackets (`<hash><hash>`); `""` for none. */
  allow_cid: string;
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: string;
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: string;
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: string;
  /** The file's bytes, made on demand (the big file is generated on first use); the endpoints send base64. */
  content: () => Bytes;
}

/** One scale of one photo (Hubzilla keeps a row per scale: 0 original, 1 to 3 smaller). */
export interface HubPhotoRow {
  /** The row id. */
  id: number;
  /** The id of the account that owns it. */
  aid: number;
  /** The id of the channel that owns it. */
  uid: number;
  /** The owner's identity hash. */
  xchan: string;
  /** The photo's id, shared by all its scales: the `photo_id` of `photo`, and the file's `hash`. */
  resource_id: string;
  /** When it was uploaded. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  created: string;
  /** When it last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  edited: string;
  /** When it expires. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  expires: string;
  /** The photo's title (`""` when none was given). */
  title: string;
  /** The photo's description (`""` when none was given). */
  description: string;
  /** The album (folder) name. */
  album: string;
  /** The uploaded file's name. */
  filename: string;
  /** The image's MIME type at this scale (`image/jpeg`). */
  mimetype: string;
  /**
   * The height in pixels at this scale. A numeric string here, as PostgreSQL sends it; the SDK reads a number.
   */
  height: string;
  /**
   * The width in pixels at this scale. A numeric string here, as PostgreSQL sends it; the SDK reads a number.
   */
  width: string;
  /** The size in bytes at this scale. */
  filesize: number;
  /** The image's bytes at this scale; `photo` sends them as base64. */
  content: Bytes;
  /**
   * The scale: 0 is the original, higher numbers smaller copies. A numeric string here, as PostgreSQL sends it; the SDK reads a number.
   */
  imgscale: string;
  /** A profile photo. `"0"` or `"1"` here, as PostgreSQL sends it; the SDK reads a boolean. */
  profile: string;
  /** What the photo is for: 0 a normal photo, other codes profile or cover photos. */
  photo_usage: number;
  /** Marked not safe for work. 0 or 1 here; the SDK reads a boolean. */
  is_nsfw: number;
  /** Stored in the hub's file system (not in the database). 0 or 1 here; the SDK reads a boolean. */
  os_storage: number;
  /** The storage path on the server. */
  os_path: string;
  /** Where the file is as users see it (`Vacation/beach.jpg`). */
  display_path: string;
  /** Legacy flag bits. */
  photo_flags: number;
  /** Access list: the identity hashes allowed, each in angle brackets; `""` for none. */
  allow_cid: string;
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: string;
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: string;
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: string;
}

/** Everything the Native API serves. */
export interface HubState {
  /** The accounts (logins). */
  accounts: HubAccount[];
  /** The channels of every account. */
  channels: HubChannel[];
  /** The known identities: the hub's channels and their connections. */
  xchans: HubXchanRow[];
  /** The address books (connections) of every channel. */
  abooks: HubAbookRow[];
  /** The per-connection settings of every channel. */
  abconfig: HubAbconfigRow[];
  /** The privacy groups of every channel, deleted ones included. */
  groups: HubGroupRow[];
  /** The privacy groups' members. */
  members: HubGroupMemberRow[];
  /** The stored files and folders of every channel. */
  files: HubAttachRow[];
  /** The photo rows, one per scale. */
  photos: HubPhotoRow[];
  /** The conversation items (posts, comments) with their terms. */
  items: HubItem[];
  /** PHP sessions: id to the channel it is logged in as (`null`: a session without login). */
  sessions: Map<string, number | null>;
  /** The OAuth 2.0 clients registered with the hub (`oauth_clients`). */
  oauthClients: OAuthClient[];
  /** The access tokens `/token` issued, by token (`oauth_access_tokens`). */
  accessTokens: Map<string, OAuthAccessToken>;
  /** The authorization codes `/authorize` issued and not yet exchanged (`oauth_authorization_codes`). */
  authorizationCodes: Map<string, OAuthAuthorizationCode>;
}

/** A registered OAuth 2.0 client, as the hub's `oauth_clients` row. */
export interface OAuthClient {
  /** The client's name, as the "OAuth2 Apps" form stores it (20 characters at most on the hub). */
  client_id: string;
  /** Empty for a public client (allowed for the authorization-code grant only). */
  client_secret: string;
  /** One or more redirect URIs, separated by spaces; empty accepts any. */
  redirect_uri: string;
  /**
   * The grants the client may use, separated by spaces. `null` (a NULL column) allows every grant;
   * the empty text that Hubzilla's "OAuth2 Apps" form stores for a blank field allows none.
   */
  grant_types: string | null;
  /** The scopes the client may ask for, separated by spaces; `null` or empty: any. */
  scope: string | null;
  /** The channel (`channel_id`) the client acts as. */
  user_id: number;
}

/** An issued access token, as the hub's `oauth_access_tokens` row. */
export interface OAuthAccessToken {
  /** 40 lower-case hex digits. */
  access_token: string;
  /** The client the token was issued to. */
  client_id: string;
  /** The channel the token acts as. */
  user_id: number;
  /** Unix seconds (site clock) after which the token is refused. */
  expires: number;
  /** The granted scope; `null` as Hubzilla stores it when none was asked for. */
  scope: string | null;
}

/** An authorization code waiting to be exchanged, as the hub's `oauth_authorization_codes` row. */
export interface OAuthAuthorizationCode {
  /** 40 lower-case hex digits. */
  authorization_code: string;
  /** The client the code was issued to. */
  client_id: string;
  /** The channel that allowed it (`channel_id`). */
  user_id: number;
  /** The redirect URI `/authorize` was called with; `/token` must repeat it. */
  redirect_uri: string;
  /** Unix seconds (site clock): 30 seconds after issue, as in the OAuth library. */
  expires: number;
  /** The scope asked for, or `null`. */
  scope: string | null;
  /** The PKCE challenge, stored unchecked as `/authorize` received it. */
  code_challenge: string | null;
  /** `S256` or `plain`, as `/authorize` received it, or `null` without PKCE. */
  code_challenge_method: string | null;
}

/** The next free id of a table. */
export function nextId(rows: readonly { id: number }[]): number {
  let max = 0;
  for (const row of rows) if (row.id > max) max = row.id;
  return max + 1;
}
