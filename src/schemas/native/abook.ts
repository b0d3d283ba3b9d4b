import * as z from 'zod/mini';
import { flagSchema, intSchema, nativeDateSchema } from '../coerce.js';
import { xchanColumns } from './xchan.js';

/** The address-book (connection) columns, shared by `abook` rows and `group_members` rows. */
export const abookColumns = {
  abook_id: intSchema,
  abook_account: intSchema,
  abook_channel: intSchema,
  abook_xchan: z.string(),
  // Legacy permission bit sets and the 0-99 closeness rating: numbers, not flags.
  abook_my_perms: intSchema,
  abook_their_perms: intSchema,
  abook_closeness: intSchema,
  abook_created: nativeDateSchema,
  abook_updated: nativeDateSchema,
  abook_connected: nativeDateSchema,
  abook_dob: nativeDateSchema,
  abook_flags: intSchema,
  abook_blocked: flagSchema,
  abook_ignored: flagSchema,
  abook_hidden: flagSchema,
  abook_archived: flagSchema,
  abook_pending: flagSchema,
  abook_unconnected: flagSchema,
  abook_self: flagSchema,
  abook_feed: flagSchema,
  abook_profile: z.string(),
  abook_incl: z.string(),
  abook_excl: z.string(),
  abook_instance: z.string(),
};

/**
 * A row of `abook` (the channel's connections, optionally one `abook_id`): the address-book entry
 * joined with the connection's xchan. The channel's own entry has `abook_self: true`.
 * PostgreSQL sends `abook_closeness` as a numeric string.
 */
export const AbookSchema = z.looseObject({ ...abookColumns, ...xchanColumns });
export type Abook = z.infer<typeof AbookSchema>;

/** A row of `abconfig`: one per-connection setting (`cat` such as `my_perms`, key `k`, text value `v`). */
export const AbconfigSchema = z.looseObject({
  id: intSchema,
  chan: intSchema,
  xchan: z.string(),
  cat: z.string(),
  k: z.string(),
  v: z.string(),
});
export type Abconfig = z.infer<typeof AbconfigSchema>;

/**
 * A row of `perm_allowed`. Without `perm` the server answers every permission with `allowed` as
 * 0/1; with `perm` it answers one row with a JSON boolean. Both → boolean.
 */
export const PermissionRowSchema = z.looseObject({
  perm: z.string(),
  allowed: flagSchema,
});
export type PermissionRow = z.infer<typeof PermissionRowSchema>;
