import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import type { KnownFields } from '../known-fields.js';
import { nativeDateSchema } from '../native-date.js';
import { xchanColumns } from './xchan.js';

/** The address-book (connection) columns, shared by `abook` rows and `group_members` rows. */
export const abookColumns = {
  /** The address-book entry's id (`abook_id` of `abook`, `abconfig` and `perm_allowed`). A number or numeric string; normalized to `number`. */
  abook_id: intSchema,
  /** The id of the account that owns the channel. A number or numeric string; normalized to `number`. */
  abook_account: intSchema,
  /** The id of the channel whose connection this is. A number or numeric string; normalized to `number`. */
  abook_channel: intSchema,
  /** The connection's identity hash (an {@link Xchan}'s `hash`). */
  abook_xchan: z.string(),
  // Legacy permission bit sets and the 0-99 closeness rating: numbers, not flags.
  /** Legacy bit set of what the channel allows the connection (now in `abconfig` `my_perms`). Normalized to `number`. */
  abook_my_perms: intSchema,
  /** Legacy bit set of what the connection allows the channel (now in `abconfig` `their_perms`). Normalized to `number`. */
  abook_their_perms: intSchema,
  /** How close the connection is, 0 (closest) to 99. PostgreSQL sends a numeric string; normalized to `number`. */
  abook_closeness: intSchema,
  /** When the connection was made. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  abook_created: nativeDateSchema,
  /** When the entry last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  abook_updated: nativeDateSchema,
  /** When the connection was last heard from. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for never). */
  abook_connected: nativeDateSchema,
  /** The connection's next birthday, when shared. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for none). */
  abook_dob: nativeDateSchema,
  /** Legacy flag bits (superseded by the boolean fields). Normalized to `number`. */
  abook_flags: intSchema,
  /** The channel blocks the connection. 0/1 (or "0"/"1", true/false); normalized to `boolean`. */
  abook_blocked: flagSchema,
  /** The channel ignores the connection's posts. 0/1; normalized to `boolean`. */
  abook_ignored: flagSchema,
  /** The connection is hidden from the channel's public connection list. 0/1; normalized to `boolean`. */
  abook_hidden: flagSchema,
  /** The connection is archived (unreachable for a long time). 0/1; normalized to `boolean`. */
  abook_archived: flagSchema,
  /** A connection request not yet approved. 0/1; normalized to `boolean`. */
  abook_pending: flagSchema,
  /** Known, but not connected (e.g. met in a conversation). 0/1; normalized to `boolean`. */
  abook_unconnected: flagSchema,
  /** The channel's own entry. 0/1; normalized to `boolean`. */
  abook_self: flagSchema,
  /** The connection is a news feed (RSS/Atom). 0/1; normalized to `boolean`. */
  abook_feed: flagSchema,
  /** The guid of the profile the connection is shown (`""`: the default profile). */
  abook_profile: z.string(),
  /** Filter: only posts with these words reach the stream (`""`: no filter). */
  abook_incl: z.string(),
  /** Filter: posts with these words are left out of the stream (`""`: no filter). */
  abook_excl: z.string(),
  /** The sites (hub URLs, comma-separated) the connection is known to have been seen at. */
  abook_instance: z.string(),
};

/**
 * The fields of {@link Abook}: the entry's columns and the connection's xchan columns. Typed by
 * name: declaration files keep the docs of columns spread in from another module only that way.
 */
const abookFields: typeof abookColumns & typeof xchanColumns = { ...abookColumns, ...xchanColumns };
/** The schema of {@link Abook}. */
export const AbookSchema: z.ZodMiniObject<typeof abookFields, z.core.$loose> = z.looseObject(abookFields);
/**
 * A row of `abook` (the channel's connections, optionally one `abook_id`): the address-book entry
 * joined with the connection's xchan (the `xchan_*` fields). The channel's own entry has
 * `abook_self: true`.
 */
export interface Abook extends KnownFields<z.infer<typeof AbookSchema>> {}

/** The fields of {@link Abconfig}, with the docs editors show on hover. */
const abconfigFields = {
  /** The setting's row id. A number or numeric string; normalized to `number`. */
  id: intSchema,
  /** The id of the channel the setting belongs to. Normalized to `number`. */
  chan: intSchema,
  /** The connection's identity hash (the entry's `abook_xchan`). */
  xchan: z.string(),
  /** The setting's category: `my_perms`, `their_perms`, `system`, … */
  cat: z.string(),
  /** The setting's key within its category (a permission name such as `view_stream`). */
  k: z.string(),
  /** The value, always as text (`"1"`, a date, serialized data). */
  v: z.string(),
};
/** The schema of {@link Abconfig}. */
export const AbconfigSchema: z.ZodMiniObject<typeof abconfigFields, z.core.$loose> =
  z.looseObject(abconfigFields);
/** A row of `abconfig`: one per-connection setting (category `cat`, key `k`, text value `v`). */
export interface Abconfig extends KnownFields<z.infer<typeof AbconfigSchema>> {}

/** The fields of {@link PermissionRow}, with the docs editors show on hover. */
const permissionRowFields = {
  /** The permission's name (`view_stream`, `post_comments`, `write_storage`, …). */
  perm: z.string(),
  /** Whether the connection has it. 0/1 without `perm`, a JSON boolean with it; normalized to `boolean`. */
  allowed: flagSchema,
};
/** The schema of {@link PermissionRow}. */
export const PermissionRowSchema: z.ZodMiniObject<typeof permissionRowFields, z.core.$loose> =
  z.looseObject(permissionRowFields);
/**
 * A row of `perm_allowed`. Without `perm` the server answers every permission with `allowed` as
 * 0/1; with `perm` it answers one row with a JSON boolean. Both → boolean.
 */
export interface PermissionRow extends KnownFields<z.infer<typeof PermissionRowSchema>> {}
