import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import { fail, show } from '../issue.js';
import { nativeDateSchema } from '../native-date.js';
import { ItemPersonSchema } from './item-person.js';

/*
 * The fields of Hubzilla's three item shapes, each documented once and grouped by which shapes carry
 * them (see item.ts, which puts the groups together):
 * - `sharedFields`: every shape;
 * - `localFields`: the database row and the mirror export (ids, access lists, yes/no flags);
 * - `encodedFields`: the stream encoding and the mirror export (`message_id`, `owner`, …);
 * - `rowFields`: the database row only (`mid`, `parent_mid`, `plink`, …);
 * - `streamOnlyFields`, `exportOnlyFields`: `attach`, which the two encodings send differently.
 * The schemas' field objects are typed as intersections of these groups (`typeof sharedFields & …`)
 * rather than inferred from the spreads: declaration files keep the fields' docs only that way.
 * Required where every Hubzilla 8.8.7 answer of the shape carries the field (the recorded fixtures
 * and Hubzilla's `encode_item()`); optional where it depends on the item (`flags`, `tags`, `object`)
 * or on the hub's version (`uuid` and `summary` are missing before 4.x, `public_scope` after 8.x).
 * Ids arrive as numbers or numeric strings (→ number), flags as 0/1, "0"/"1" or true/false
 * (→ boolean), date-times as UTC "YYYY-MM-DD HH:MM:SS" (→ Date, or null for "no date").
 * A field of two kinds is one transform that checks the type itself, not a `z.union`: no record
 * then needs zod's union, which cost every `NativeClient` bundle 0.35 kB (min+gzip).
 */

const optionalString = z.optional(z.string());
/** Members kept as sent, unvalidated: decoded JSON (objects, lists) of the encoded shapes. */
const asSent = z.optional(z.unknown());

/** Every item shape. */
export const sharedFields = {
  /** The item's UUID, the last part of its message id (missing on hubs before 4.x). */
  uuid: optionalString,
  /** When it was written. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  created: nativeDateSchema,
  /** When it was last edited. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  edited: nativeDateSchema,
  /** When it expires. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date`, `null` for never. */
  expires: nativeDateSchema,
  /** When the thread last got a comment. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  commented: nativeDateSchema,
  /** The body's format: `text/bbcode` for posts, `text/html`, `text/markdown`, … */
  mimetype: z.string(),
  /** The title (`""` for most posts and every comment). */
  title: z.string(),
  /** The summary shown before the body, `""` when none (missing on hubs before 4.x). */
  summary: optionalString,
  /** The text, in the format of `mimetype` (BBCode for posts). */
  body: z.string(),
  /** The name of the application that posted it (`item/update` calls it `source`), `""` when none. */
  app: z.string(),
  /** The activity: an ActivityStreams verb (`Create`, `Like`) or URL (`http://activitystrea.ms/schema/1.0/post`). */
  verb: z.string(),
  /** The location the author gave, free text (`""` when none). */
  location: z.string(),
  /** The hubs it was relayed through, comma-separated (`""` when delivered directly). */
  route: z.string(),
};

/** The columns the database row and the mirror export share: local ids, access lists, flags. */
export const localFields = {
  /** The item's row id on this hub (the `item_id` of `item/full`). Normalized to `number`. */
  id: intSchema,
  /** The row id of the thread's top item (its own `id` for a top-level post). Normalized to `number`. */
  parent: intSchema,
  /** The id of the channel that owns this copy. Normalized to `number`. */
  uid: intSchema,
  /** Access list: the identity hashes allowed, each in angle brackets (`<hash><hash>`); `""` for none. */
  allow_cid: z.string(),
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: z.string(),
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: z.string(),
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: z.string(),
  /** How many times it was edited. Normalized to `number`. */
  revision: intSchema,
  /** The message id of the layout of a webpage item, `""` for none. */
  layout_mid: z.string(),
  /** Posting options such as `nodeliver`, `""` for none. */
  postopts: z.string(),
  /** The id of what the item is about (a photo's `resource_id`, an event's id), `""` for none. */
  resource_id: z.string(),
  /** What `resource_id` names: `photo`, `event`, … (`""` for none). */
  resource_type: z.string(),
  /** What kind of item: 0 a post; other codes webpages, blocks, layouts, cards, articles, … Normalized to `number`. */
  item_type: intSchema,
  /** Written on this hub by this channel. 0/1; normalized to `boolean`. */
  item_origin: flagSchema,
  /** Not yet seen by the channel. 0/1; normalized to `boolean`. */
  item_unseen: flagSchema,
  /** Starred by the channel. 0/1; normalized to `boolean`. */
  item_starred: flagSchema,
  /** Sent up to the thread's owner for relaying. 0/1; normalized to `boolean`. */
  item_uplink: flagSchema,
  /** A consensus item (agree/disagree). 0/1; normalized to `boolean`. */
  item_consensus: flagSchema,
  /** On the channel's own wall. 0/1; normalized to `boolean`. */
  item_wall: flagSchema,
  /** The top of a thread (not a comment). 0/1; normalized to `boolean`. */
  item_thread_top: flagSchema,
  /** Not shown in streams. 0/1; normalized to `boolean`. */
  item_notshown: flagSchema,
  /** Not safe for work. 0/1; normalized to `boolean`. */
  item_nsfw: flagSchema,
  /** Relayed by the thread's owner. 0/1; normalized to `boolean`. */
  item_relay: flagSchema,
  /** Mentions the channel. 0/1; normalized to `boolean`. */
  item_mentionsme: flagSchema,
  /** Comments are disabled. 0/1; normalized to `boolean`. */
  item_nocomment: flagSchema,
  /** The content is obscured (encrypted). 0/1; normalized to `boolean`. */
  item_obscured: flagSchema,
  /** The author's signature was verified. 0/1; normalized to `boolean`. */
  item_verified: flagSchema,
  /** Kept although it expired. 0/1; normalized to `boolean`. */
  item_retained: flagSchema,
  /** Imported from a news feed. 0/1; normalized to `boolean`. */
  item_rss: flagSchema,
  /** Deleted. 0/1; normalized to `boolean`. */
  item_deleted: flagSchema,
  /** Hidden (e.g. a photo's announcement). 0/1; normalized to `boolean`. */
  item_hidden: flagSchema,
  /** A draft, not published. 0/1; normalized to `boolean`. */
  item_unpublished: flagSchema,
  /** Scheduled for later publication. 0/1; normalized to `boolean`. */
  item_delayed: flagSchema,
  /** About to be removed. 0/1; normalized to `boolean`. */
  item_pending_remove: flagSchema,
  /** Blocked by a moderator. 0/1; normalized to `boolean`. */
  item_blocked: flagSchema,
};

/** Hubzilla's portable "zot" encoding (`encode_item()`): the stream shape, and part of the export. */
export const encodedFields = {
  /** The encoding's kind, `activity`. */
  type: z.string(),
  /** The encoding, `zot`. */
  encoding: z.string(),
  /** The message id, a URL unique across the network: what `items.reply` answers (the row's `mid`). */
  message_id: z.string(),
  /** The message id of the thread's top item; its own `message_id` for a top-level post (the row's `parent_mid`). */
  message_top: z.string(),
  /** The message id of the item this one replies to (the row's `thr_parent`). */
  message_parent: z.string(),
  /** The type of its object: `Note`, `Image`, … (the row's `obj_type`). */
  object_type: z.string(),
  /** The type of its target, `""` for none (the row's `tgt_type`). */
  target_type: z.string(),
  /** The item's permalink (the row's `plink`). */
  permalink: z.string(),
  /** The coordinates (`"lat long"`) the author gave, `""` for none (the row's `coord`). */
  longlat: z.string(),
  /** The author's signature of the body (the row's `sig`). */
  signature: z.string(),
  // Typed by name: declaration files keep the docs of another module's record only that way.
  /** The thread's owner (whose wall it is on). */
  owner: ItemPersonSchema as typeof ItemPersonSchema,
  /** The author. */
  author: ItemPersonSchema as typeof ItemPersonSchema,
  /** Who may see it: `public`, `authenticated`, `contacts`, … (the row's `public_policy`; missing after 8.x). */
  public_scope: optionalString,
  /** Who may comment: `contacts`, `public`, `none`, … (the row's `comment_policy`). */
  comment_scope: z.string(),
  /** From when on comments are refused; only when a date is set. Normalized to `Date`. */
  comments_closed: z.optional(nativeDateSchema),
  /** The item's flags as words (`thread_parent`, `private`, `direct`, `hidden`, `deleted`, `nsfw`, …); missing when none. */
  flags: z.optional(z.array(z.string())),
  /** Its ActivityStreams object, when it has one (the row's `obj`, decoded). Kept as sent. */
  object: asSent,
  /** Its ActivityStreams target (what a like or share points at), when it has one. Kept as sent. */
  target: asSent,
  /** Hashtags, mentions and categories (`[{tag, url, type}]`), when it has any. Kept as sent. */
  tags: asSent,
  /** Item settings shared with other hubs (`[{family, key, value, sharing}]`), when it has any. Kept as sent. */
  meta: asSent,
};

/** The stream encoding only. */
export const streamOnlyFields = {
  /** Attached files, a list of objects (the row's `attach`, decoded); only when it has any. Kept as sent. */
  attach: asSent,
};

/** The mirror export only. */
export const exportOnlyFields = {
  /** Attached files, a list of objects (the row's `attach`, decoded); `""` when none. Kept as sent. */
  attach: z.transform((value: string | unknown[], ctx): string | unknown[] =>
    typeof value === 'string' || Array.isArray(value)
      ? value
      : fail(ctx, `Expected a string or a list, received ${show(value)}`),
  ),
};

/** The database row only: the names the row uses where the encoding renamed them, and local columns. */
export const rowFields = {
  /** The message id, a URL unique across the network (the encoding's `message_id`). */
  mid: z.string(),
  /** The message id of the thread's top item; its own `mid` for a top-level post (the encoding's `message_top`). */
  parent_mid: z.string(),
  /** The message id of the item this one replies to (the encoding's `message_parent`). */
  thr_parent: z.string(),
  /** The id of the account that owns this copy. Normalized to `number`. */
  aid: intSchema,
  /** When this hub received it. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  received: nativeDateSchema,
  /** When this copy last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  changed: nativeDateSchema,
  /** From when on comments are refused. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date`, `null` for never. */
  comments_closed: nativeDateSchema,
  /** The identity hash of the thread's owner (whose wall it is on). */
  owner_xchan: z.string(),
  /** The identity hash of the author. */
  author_xchan: z.string(),
  /** The identity hash of the channel it was shared from, `""` when not shared. */
  source_xchan: z.string(),
  /** The body rendered as HTML, as the hub keeps it (`""` until rendered). */
  html: optionalString,
  /** The detected language of the body. */
  lang: optionalString,
  /** The type of its object: `Note`, `Image`, … (the encoding's `object_type`). */
  obj_type: z.string(),
  /** Its ActivityStreams object as JSON text, not decoded (`""` for none; the encoding's `object`). */
  obj: z.string(),
  /** The type of its target, `""` for none (the encoding's `target_type`). */
  tgt_type: z.string(),
  /** Its ActivityStreams target as JSON text, not decoded (`""` for none; the encoding's `target`). */
  target: z.string(),
  /** Attached files as JSON text, not decoded (`""` for none; the encoding's `attach`). */
  attach: z.string(),
  /** URL of the item on this hub. */
  llink: z.string(),
  /** The item's permalink (the encoding's `permalink`). */
  plink: z.string(),
  /** The author's signature of the body (the encoding's `signature`). */
  sig: z.string(),
  /** The coordinates (`"lat long"`) the author gave, `""` for none (the encoding's `longlat`). */
  coord: z.string(),
  /** Who may see it: `""` for the access lists, else a policy such as `authenticated`, `network: red`. */
  public_policy: z.string(),
  /** Who may comment: `contacts`, `authenticated`, `public`, … */
  comment_policy: z.string(),
  /** 0 public, 1 private (access lists), 2 direct message. PostgreSQL sends a numeric string; normalized to `number`. */
  item_private: intSchema,
  /** Legacy restriction bits. Normalized to `number`. */
  item_restrict: intSchema,
  /** Legacy flag bits (superseded by the boolean `item_*` fields). Normalized to `number`. */
  item_flags: intSchema,
  /** `item/update` of an edit, or of a post with terms: the item's terms (hashtags, mentions, categories) as rows. Kept as sent. */
  term: asSent,
};
