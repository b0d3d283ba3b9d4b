/*
 * The fake hub's identity rows (accounts, channels, xchans), in the wire encoding hub-state.ts
 * describes; split from it by table family, so that each file holds one kind of row.
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
