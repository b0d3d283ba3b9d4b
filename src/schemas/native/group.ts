import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import { abookColumns } from './abook.js';
import { xchanColumns } from './xchan.js';

/**
 * A row of `group`: a privacy group of the channel, deleted ones included (`deleted: true`).
 * PostgreSQL sends `visible` and `deleted` as "0"/"1". `id` or `gname` selects it in `group_members`.
 */
export const PrivacyGroupSchema = z.looseObject({
  id: intSchema,
  hash: z.string(),
  uid: intSchema,
  visible: flagSchema,
  deleted: flagSchema,
  gname: z.string(),
});
export type PrivacyGroup = z.infer<typeof PrivacyGroupSchema>;

/**
 * A row of `group_members`: the membership (`id`, `uid`, `gid`, `xchan`) joined with the member's
 * address-book entry and xchan.
 */
export const GroupMemberSchema = z.looseObject({
  id: intSchema,
  uid: intSchema,
  gid: intSchema,
  xchan: z.string(),
  ...abookColumns,
  ...xchanColumns,
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;
