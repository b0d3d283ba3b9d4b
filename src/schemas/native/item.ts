import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import type { KnownFields } from '../known-fields.js';
import { nativeDateSchema } from '../native-date.js';

const optionalString = z.optional(z.string());
const optionalFlag = z.optional(flagSchema);
const optionalInt = z.optional(intSchema);
const optionalDate = z.optional(nativeDateSchema);
/** Members kept as sent, unvalidated: JSON text in one item shape, objects in another. */
const asSent = z.optional(z.unknown());

/** The fields of {@link ItemPerson}, with the docs editors show on hover. */
const itemPersonFields = {
  /** The display name. */
  name: optionalString,
  /** The channel address, `nick@host`. */
  address: optionalString,
  /** URL of the channel's home page. */
  url: optionalString,
  /** The protocol: `zot6`, `activitypub`, … */
  network: optionalString,
};
/** The schema of {@link ItemPerson}. */
export const ItemPersonSchema: z.ZodMiniObject<typeof itemPersonFields, z.core.$loose> =
  z.looseObject(itemPersonFields);
/** The `owner` / `author` summary of an item in the encoded (stream and export) shape. */
export interface ItemPerson extends KnownFields<z.infer<typeof ItemPersonSchema>> {}

/*
 * Field docs say in which of the three item shapes (see `Item`) a field comes: "row" is the raw
 * database row, "encoded" the stream shape, "export" the mirror export. Ids arrive as numbers or
 * numeric strings (→ number), flags as 0/1, "0"/"1" or true/false (→ boolean), date-times as UTC
 * "YYYY-MM-DD HH:MM:SS" (→ Date, or null for "no date").
 */

/** The fields of {@link Item}, with the docs editors show on hover. */
const itemFields = {
  // Identity and threading.
  /** Row and export: the item's row id (the `item_id` of `item/full`). Normalized to `number`. */
  id: optionalInt,
  /** Encoded and export (and the row on recent hubs): the item's UUID. */
  uuid: optionalString,
  /** Row: the message id, a URL unique across the network (encoded: `message_id`). */
  mid: optionalString,
  /** Encoded and export: the message id, a URL unique across the network (row: `mid`). */
  message_id: optionalString,
  /** Row: the id of the account that owns this copy. Normalized to `number`. */
  aid: optionalInt,
  /** Row and export: the id of the channel that owns this copy. Normalized to `number`. */
  uid: optionalInt,
  /** Row and export: the row id of the thread's top item (its own `id` for a top-level post). Normalized to `number`. */
  parent: optionalInt,
  /** Row: the message id of the thread's top item (encoded: `message_top`). */
  parent_mid: optionalString,
  /** Row: the message id of the item this one replies to (encoded: `message_parent`). */
  thr_parent: optionalString,
  /** Encoded and export: the message id of the thread's top item (row: `parent_mid`). */
  message_top: optionalString,
  /** Encoded and export: the message id of the item this one replies to (row: `thr_parent`). */
  message_parent: optionalString,
  // Times.
  /** When it was written. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  created: nativeDateSchema,
  /** When it was last edited. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  edited: nativeDateSchema,
  /** When it expires. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date`, `null` for never. */
  expires: nativeDateSchema,
  /** When the thread last got a comment. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  commented: nativeDateSchema,
  /** Row: when this hub received it. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  received: optionalDate,
  /** Row: when this copy last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  changed: optionalDate,
  /** Row: from when on comments are refused. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date`, `null` for never. */
  comments_closed: optionalDate,
  // People.
  /** Row: the identity hash of the thread's owner (whose wall it is on). */
  owner_xchan: optionalString,
  /** Row: the identity hash of the author. */
  author_xchan: optionalString,
  /** Row: the identity hash of the channel it was shared from, `""` when not shared. */
  source_xchan: optionalString,
  /** Encoded and export: the thread's owner (whose wall it is on). */
  owner: z.optional(ItemPersonSchema),
  /** Encoded and export: the author. */
  author: z.optional(ItemPersonSchema),
  // Content.
  /** Encoded and export: the encoding's kind, `activity`. */
  type: optionalString,
  /** Encoded and export: the encoding, `zot`. */
  encoding: optionalString,
  /** The body's format: `text/bbcode` for posts, `text/html`, `text/markdown`, … */
  mimetype: z.string(),
  /** The title (`""` for most posts and every comment). */
  title: z.string(),
  /** Row and encoded: the summary shown before the body, `""` when none. */
  summary: optionalString,
  /** The text, in the format of `mimetype` (BBCode for posts). */
  body: z.string(),
  /** Encoded: the body rendered as HTML, when the hub adds it. */
  html: optionalString,
  /** The name of the application that posted it (`item/update` calls it `source`), `""` when none. */
  app: z.string(),
  /** Row: the detected language of the body. */
  lang: optionalString,
  /** Row and export: how many times it was edited. Normalized to `number`. */
  revision: optionalInt,
  /** The activity: an ActivityStreams verb (`Create`, `Like`) or URL (`http://activitystrea.ms/schema/1.0/post`). */
  verb: z.string(),
  /** Row: the type of its object (`Note`, `Image`, …; encoded: `object_type`). */
  obj_type: optionalString,
  /** Encoded and export: the type of its object (row: `obj_type`). */
  object_type: optionalString,
  /** Row: the type of its target (encoded: `target_type`). */
  tgt_type: optionalString,
  /** Encoded and export: the type of its target (row: `tgt_type`). */
  target_type: optionalString,
  /** Row and export: the message id of the layout of a webpage item. */
  layout_mid: optionalString,
  /** Row and export: posting options such as `nodeliver`. */
  postopts: optionalString,
  /** The hubs it was relayed through, comma-separated (`""` when delivered directly). */
  route: z.string(),
  /** Row: URL of the item on this hub. */
  llink: optionalString,
  /** Row: the item's permalink (encoded: `permalink`). */
  plink: optionalString,
  /** Encoded and export: the item's permalink (row: `plink`). */
  permalink: optionalString,
  /** Row and export: the id of what the item is about (a photo's `resource_id`, an event's id). */
  resource_id: optionalString,
  /** Row and export: what `resource_id` names: `photo`, `event`, … (`""` for none). */
  resource_type: optionalString,
  /** Row: the author's signature of the body (encoded: `signature`). */
  sig: optionalString,
  /** Encoded and export: the author's signature of the body (row: `sig`). */
  signature: optionalString,
  /** The location the author gave, free text (`""` when none). */
  location: z.string(),
  /** Row: the coordinates (`"lat long"`) the author gave (encoded: `longlat`). */
  coord: optionalString,
  /** Encoded and export: the coordinates (`"lat long"`) the author gave (row: `coord`). */
  longlat: optionalString,
  /** Row: who may see it: `""` for the access lists, else a policy such as `authenticated`, `network: red`. */
  public_policy: optionalString,
  /** Row: who may comment: `contacts`, `authenticated`, `public`, … */
  comment_policy: optionalString,
  /** Encoded and export: who may see it (row: `public_policy`). */
  public_scope: optionalString,
  /** Encoded and export: who may comment (row: `comment_policy`). */
  comment_scope: optionalString,
  // Encoded shape only: words such as "thread_parent", "private", "hidden".
  /** Encoded and export: the item's flags as words (`thread_parent`, `private`, `hidden`, `nocomment`). */
  flags: z.optional(z.array(z.string())),
  /** Attached files: JSON text in the row, a list of objects in the other shapes. Kept as sent. */
  attach: asSent,
  /** Row: its ActivityStreams object, JSON text (encoded: `object`). Kept as sent. */
  obj: asSent,
  /** Encoded and export: its ActivityStreams object (row: `obj`). Kept as sent. */
  object: asSent,
  /** Its ActivityStreams target (what a like or share points at). Kept as sent. */
  target: asSent,
  /** Encoded and export: hashtags, mentions and categories (`[{tag, url, type}]`). Kept as sent. */
  tags: asSent,
  /** `item/update`: the item's terms (hashtags, mentions, categories) as rows. Kept as sent. */
  term: asSent,
  // Permissions.
  /** Access list: the identity hashes allowed, each in angle brackets (`<hash><hash>`); `""` for none. */
  allow_cid: optionalString,
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: optionalString,
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: optionalString,
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: optionalString,
  // Multi-valued codes: numbers.
  /** Row: 0 public, 1 private (access lists), 2 direct message. PostgreSQL sends a numeric string; normalized to `number`. */
  item_private: optionalInt,
  /** Row and export: what kind of item: 0 a post; other codes webpages, blocks, layouts, cards, articles, … Normalized to `number`. */
  item_type: optionalInt,
  /** Row: legacy restriction bits. Normalized to `number`. */
  item_restrict: optionalInt,
  /** Row: legacy flag bits (superseded by the boolean `item_*` fields). Normalized to `number`. */
  item_flags: optionalInt,
  // Yes/no flags: booleans.
  /** Row and export: written on this hub by this channel. 0/1; normalized to `boolean`. */
  item_origin: optionalFlag,
  /** Row and export: not yet seen by the channel. 0/1; normalized to `boolean`. */
  item_unseen: optionalFlag,
  /** Row and export: starred by the channel. 0/1; normalized to `boolean`. */
  item_starred: optionalFlag,
  /** Row and export: sent up to the thread's owner for relaying. 0/1; normalized to `boolean`. */
  item_uplink: optionalFlag,
  /** Row and export: a consensus item (agree/disagree). 0/1; normalized to `boolean`. */
  item_consensus: optionalFlag,
  /** Row and export: on the channel's own wall. 0/1; normalized to `boolean`. */
  item_wall: optionalFlag,
  /** Row and export: the top of a thread (not a comment). 0/1; normalized to `boolean`. */
  item_thread_top: optionalFlag,
  /** Row and export: not shown in streams. 0/1; normalized to `boolean`. */
  item_notshown: optionalFlag,
  /** Row and export: not safe for work. 0/1; normalized to `boolean`. */
  item_nsfw: optionalFlag,
  /** Row and export: relayed by the thread's owner. 0/1; normalized to `boolean`. */
  item_relay: optionalFlag,
  /** Row and export: mentions the channel. 0/1; normalized to `boolean`. */
  item_mentionsme: optionalFlag,
  /** Row and export: comments are disabled. 0/1; normalized to `boolean`. */
  item_nocomment: optionalFlag,
  /** Row and export: the content is obscured (encrypted). 0/1; normalized to `boolean`. */
  item_obscured: optionalFlag,
  /** Row and export: the author's signature was verified. 0/1; normalized to `boolean`. */
  item_verified: optionalFlag,
  /** Row and export: kept although it expired. 0/1; normalized to `boolean`. */
  item_retained: optionalFlag,
  /** Row and export: imported from a news feed. 0/1; normalized to `boolean`. */
  item_rss: optionalFlag,
  /** Row and export: deleted. 0/1; normalized to `boolean`. */
  item_deleted: optionalFlag,
  /** Row and export: hidden (e.g. a photo's announcement). 0/1; normalized to `boolean`. */
  item_hidden: optionalFlag,
  /** Row and export: a draft, not published. 0/1; normalized to `boolean`. */
  item_unpublished: optionalFlag,
  /** Row and export: scheduled for later publication. 0/1; normalized to `boolean`. */
  item_delayed: optionalFlag,
  /** Row and export: about to be removed. 0/1; normalized to `boolean`. */
  item_pending_remove: optionalFlag,
  /** Row and export: blocked by a moderator. 0/1; normalized to `boolean`. */
  item_blocked: optionalFlag,
};
/** The schema of {@link Item}. */
export const ItemSchema: z.ZodMiniObject<typeof itemFields, z.core.$loose> = z.looseObject(itemFields);
/**
 * A conversation item (post, comment, like, …). Hubzilla sends three shapes, all accepted by this
 * one type:
 * - the raw database row (`item/update`'s `item`): `id`, `mid`, `plink`, `sig`, all `item_*` columns;
 * - the encoded item (`channel/stream`, `network/stream`): `uuid`, `message_id`, `permalink`,
 *   `signature`, `owner`/`author` objects, a `flags` word list, and NO `id` or `item_*` columns;
 * - the mirror export (`item/full`, `photo`, `file/export`, channel export): the encoded fields plus
 *   `id`, `parent`, `uid` and the yes/no `item_*` flags (but not `item_private`/`item_restrict`).
 *
 * So only what every shape carries is required. Yes/no `item_*` flags become booleans; the codes
 * `item_private`, `item_type`, `item_restrict` and `item_flags` stay numbers. `attach`,
 * `obj`/`object`, `target`, `tags` and `term` are `unknown`, kept as sent: they are JSON text in one
 * shape and objects in another.
 */
export interface Item extends KnownFields<z.infer<typeof ItemSchema>> {}

/** The fields of {@link ItemUpdateResult}, with the docs editors show on hover. */
const itemUpdateResultFields = {
  /** Always `true` (a failure is an `ApiError`). */
  success: z.literal(true),
  /** The new or edited item's row id. A number or numeric string; normalized to `number`. */
  item_id: intSchema,
  /** The new or edited item as a raw database row. */
  item: ItemSchema,
};
/** The schema of {@link ItemUpdateResult}. */
export const ItemUpdateResultSchema: z.ZodMiniObject<typeof itemUpdateResultFields, z.core.$loose> =
  z.looseObject(itemUpdateResultFields);
/** The success answer of `item/update`: the new or edited item as a raw database row. */
export interface ItemUpdateResult extends KnownFields<z.infer<typeof ItemUpdateResultSchema>> {}
