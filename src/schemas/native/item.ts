import * as z from 'zod/mini';
import { flagSchema, intSchema, nativeDateSchema } from '../coerce.js';

const optionalString = z.optional(z.string());
const optionalFlag = z.optional(flagSchema);
const optionalInt = z.optional(intSchema);
const optionalDate = z.optional(nativeDateSchema);

/** The `owner` / `author` summary of an item in the encoded (stream and export) shape. */
export const ItemPersonSchema = z.looseObject({
  name: optionalString,
  address: optionalString,
  url: optionalString,
  network: optionalString,
});
export type ItemPerson = z.infer<typeof ItemPersonSchema>;

/**
 * A conversation item. Hubzilla sends three shapes, all accepted by this one schema:
 * - the raw database row (`item/update`'s `item`): `id`, `mid`, `plink`, `sig`, all `item_*` columns;
 * - the encoded item (`channel/stream`, `network/stream`): `uuid`, `message_id`, `permalink`,
 *   `signature`, `owner`/`author` objects, a `flags` word list, and NO `id` or `item_*` columns;
 * - the mirror export (`item/full`, `photo`, `file/export`, channel export): the encoded fields plus
 *   `id`, `parent`, `uid` and the yes/no `item_*` flags (but not `item_private`/`item_restrict`).
 * So only what every shape carries is required. Yes/no `item_*` flags become booleans; the codes
 * `item_private` (0 public, 1 private, 2 direct; a numeric string on PostgreSQL), `item_type`,
 * `item_restrict` and `item_flags` stay numbers. `attach`, `obj`/`object` and `target` are left
 * untyped (kept as sent): they are JSON text in one shape and objects in another.
 */
export const ItemSchema = z.looseObject({
  // Identity and threading.
  id: optionalInt,
  uuid: optionalString,
  mid: optionalString,
  message_id: optionalString,
  aid: optionalInt,
  uid: optionalInt,
  parent: optionalInt,
  parent_mid: optionalString,
  thr_parent: optionalString,
  message_top: optionalString,
  message_parent: optionalString,
  // Times.
  created: nativeDateSchema,
  edited: nativeDateSchema,
  expires: nativeDateSchema,
  commented: nativeDateSchema,
  received: optionalDate,
  changed: optionalDate,
  comments_closed: optionalDate,
  // People.
  owner_xchan: optionalString,
  author_xchan: optionalString,
  source_xchan: optionalString,
  owner: z.optional(ItemPersonSchema),
  author: z.optional(ItemPersonSchema),
  // Content.
  type: optionalString,
  encoding: optionalString,
  mimetype: z.string(),
  title: z.string(),
  summary: optionalString,
  body: z.string(),
  html: optionalString,
  app: z.string(),
  lang: optionalString,
  revision: optionalInt,
  verb: z.string(),
  obj_type: optionalString,
  object_type: optionalString,
  tgt_type: optionalString,
  target_type: optionalString,
  layout_mid: optionalString,
  postopts: optionalString,
  route: z.string(),
  llink: optionalString,
  plink: optionalString,
  permalink: optionalString,
  resource_id: optionalString,
  resource_type: optionalString,
  sig: optionalString,
  signature: optionalString,
  location: z.string(),
  coord: optionalString,
  longlat: optionalString,
  public_policy: optionalString,
  comment_policy: optionalString,
  public_scope: optionalString,
  comment_scope: optionalString,
  // Encoded shape only: words such as "thread_parent", "private", "hidden".
  flags: z.optional(z.array(z.string())),
  // Permissions.
  allow_cid: optionalString,
  allow_gid: optionalString,
  deny_cid: optionalString,
  deny_gid: optionalString,
  // Multi-valued codes: numbers.
  item_private: optionalInt,
  item_type: optionalInt,
  item_restrict: optionalInt,
  item_flags: optionalInt,
  // Yes/no flags: booleans.
  item_origin: optionalFlag,
  item_unseen: optionalFlag,
  item_starred: optionalFlag,
  item_uplink: optionalFlag,
  item_consensus: optionalFlag,
  item_wall: optionalFlag,
  item_thread_top: optionalFlag,
  item_notshown: optionalFlag,
  item_nsfw: optionalFlag,
  item_relay: optionalFlag,
  item_mentionsme: optionalFlag,
  item_nocomment: optionalFlag,
  item_obscured: optionalFlag,
  item_verified: optionalFlag,
  item_retained: optionalFlag,
  item_rss: optionalFlag,
  item_deleted: optionalFlag,
  item_hidden: optionalFlag,
  item_unpublished: optionalFlag,
  item_delayed: optionalFlag,
  item_pending_remove: optionalFlag,
  item_blocked: optionalFlag,
});
export type Item = z.infer<typeof ItemSchema>;

/** The success answer of `item/update`: the new or edited item as a raw database row. */
export const ItemUpdateResultSchema = z.looseObject({
  success: z.literal(true),
  item_id: intSchema,
  item: ItemSchema,
});
export type ItemUpdateResult = z.infer<typeof ItemUpdateResultSchema>;
