/*
 * The fake hub's connection rows (address book, per-connection settings, privacy groups and their
 * members), in the wire encoding hub-state.ts describes.
 */

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
