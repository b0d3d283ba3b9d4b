import type { Bytes } from '../http/base64.js';
import type { Item } from './item-row.js';

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
  /**
   * The PEM private key (the export's `channel` section carries it, as the real one does): a real
   * RSA key for alice and bob, an unusable stand-in for the others.
   */
  prvkey: string;
  created: string;
}

export interface Xchan {
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

export interface Abook {
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

export interface AbConfig {
  id: number;
  chan: number;
  xchan: string;
  cat: string;
  k: string;
  v: string;
}

export interface PrivacyGroup {
  id: number;
  hash: string;
  uid: number;
  visible: '0' | '1';
  deleted: '0' | '1';
  gname: string;
}

export interface GroupMember {
  id: number;
  uid: number;
  gid: number;
  xchan: string;
}

/** A stored file or folder. `content` gives its bytes (generated lazily for the big file). */
export interface Attach {
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
export interface PhotoRow {
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
  xchans: Xchan[];
  abooks: Abook[];
  abconfig: AbConfig[];
  groups: PrivacyGroup[];
  members: GroupMember[];
  files: Attach[];
  photos: PhotoRow[];
  items: Item[];
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
  client_id: string;
  /** The channel the token acts as. */
  user_id: number;
  /** Unix seconds (site clock) after which the token is refused. */
  expires: number;
  scope: string | null;
}

/** An authorization code waiting to be exchanged, as the hub's `oauth_authorization_codes` row. */
export interface OAuthAuthorizationCode {
  /** 40 lower-case hex digits. */
  authorization_code: string;
  client_id: string;
  user_id: number;
  /** The redirect URI `/authorize` was called with; `/token` must repeat it. */
  redirect_uri: string;
  /** Unix seconds (site clock): 30 seconds after issue, as in the OAuth library. */
  expires: number;
  scope: string | null;
  /** The PKCE challenge, stored unchecked as `/authorize` received it. */
  code_challenge: string | null;
  code_challenge_method: string | null;
}

/** The next free id of a table. */
export function nextId(rows: readonly { id: number }[]): number {
  let max = 0;
  for (const row of rows) if (row.id > max) max = row.id;
  return max + 1;
}
