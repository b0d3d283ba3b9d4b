import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import type { KnownFields } from '../known-fields.js';
import { abookColumns } from './abook.js';
import { xchanColumns } from './xchan.js';

/** The fields of {@link PrivacyGroup}, with the docs editors show on hover. */
const privacyGroupFields = {
  /** The group's id (the `group_id` of `group_members`). A number or numeric string; normalized to `number`. */
  id: intSchema,
  /** The group's hash: what access lists (`allow_gid`, `deny_gid`) hold, in angle brackets. */
  hash: z.string(),
  /** The id of the channel that owns the group. Normalized to `number`. */
  uid: intSchema,
  /** Members may see who else is in the group. PostgreSQL sends "0"/"1", MySQL 0/1; normalized to `boolean`. */
  visible: flagSchema,
  /** The group was deleted (deleted groups are still listed). "0"/"1" or 0/1; normalized to `boolean`. */
  deleted: flagSchema,
  /** The group's name (the `group_name` of `group_members`, case-sensitive). */
  gname: z.string(),
};
/** The schema of {@link PrivacyGroup}. */
export const PrivacyGroupSchema: z.ZodMiniObject<typeof privacyGroupFields, z.core.$loose> =
  z.looseObject(privacyGroupFields);
/**
 * A row of `group`: a privacy group of the channel, deleted ones included (`deleted: true`).
 * `id` or `gname` selects it in `group_members`.
 */
export interface PrivacyGroup extends KnownFields<z.infer<typeof PrivacyGroupSchema>> {}

/** The membership's own columns in a `group_members` row. */
const membershipColumns = {
  /** The membership's row id. A number or numeric string; normalized to `number`. */
  id: intSchema,
  /** The id of the channel that owns the group. Normalized to `number`. */
  uid: intSchema,
  /** The group's id (a {@link PrivacyGroup}'s `id`). Normalized to `number`. */
  gid: intSchema,
  /** The member's identity hash. */
  xchan: z.string(),
};

/**
 * The fields of {@link GroupMember}. Typed by name: declaration files keep the docs of columns
 * spread in from another module only that way.
 */
const groupMemberFields: typeof membershipColumns & typeof abookColumns & typeof xchanColumns = {
  ...membershipColumns,
  ...abookColumns,
  ...xchanColumns,
};
/** The schema of {@link GroupMember}. */
export const GroupMemberSchema: z.ZodMiniObject<typeof groupMemberFields, z.core.$loose> =
  z.looseObject(groupMemberFields);
/**
 * A row of `group_members`: the membership (`id`, `uid`, `gid`, `xchan`) joined with the member's
 * address-book entry (`abook_*`) and xchan (`xchan_*`).
 */
export interface GroupMember extends KnownFields<z.infer<typeof GroupMemberSchema>> {}
