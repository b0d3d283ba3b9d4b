import { NULL_DATE } from '../http/dates.js';

/** A term (hashtag ttype 1, category ttype 3) of an item. */
export interface HubTermRow {
  /** The id of the channel that owns the item. */
  uid: number;
  /** The kind of term: 1 a hashtag, 3 a category. */
  ttype: number;
  /** The kind of object it belongs to: 1 an item. */
  otype: number;
  /** The word itself, without `#`. */
  term: string;
  /** URL of the term's search page. */
  url: string;
}

/** An item row as item/update returns it (field order and encodings of Hubzilla 8.8.7). */
export interface HubItemRow {
  /** The item's row id (the `item_id` of `item/full`). */
  id: number;
  /** The item's UUID. */
  uuid: string;
  /** The message id, a URL unique across the network (encoded: `message_id`). */
  mid: string;
  /** The id of the account that owns this copy. */
  aid: number;
  /** The id of the channel that owns this copy. */
  uid: number;
  /** The row id of the thread's top item (its own `id` for a top-level post). */
  parent: number;
  /** The message id of the thread's top item (encoded: `message_top`). */
  parent_mid: string;
  /** The message id of the item this one replies to (encoded: `message_parent`). */
  thr_parent: string;
  /** When it was written. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  created: string;
  /** When it was last edited. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  edited: string;
  /** When it expires. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  expires: string;
  /** When the thread last got a comment. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  commented: string;
  /** When this hub received it. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  received: string;
  /** When this copy last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  changed: string;
  /** From when on comments are refused. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  comments_closed: string;
  /** The identity hash of the thread's owner (whose wall it is on). */
  owner_xchan: string;
  /** The identity hash of the author. */
  author_xchan: string;
  /** The identity hash of the channel it was shared from, `""` when not shared. */
  source_xchan: string;
  /** The body's format: `text/bbcode` for posts, `text/html`, `text/markdown`, … */
  mimetype: string;
  /** The title (`""` for most posts and every comment). */
  title: string;
  /** The summary shown before the body, `""` when none. */
  summary: string;
  /** The text, in the format of `mimetype` (BBCode for posts). */
  body: string;
  /** The body rendered as HTML, when the hub adds it. */
  html: string;
  /** The name of the application that posted it (`item/update` calls it `source`), `""` when none. */
  app: string;
  /** The detected language of the body. */
  lang: string;
  /** How many times it was edited. */
  revision: number;
  /**
   * The activity: an ActivityStreams verb (`Create`, `Like`) or URL (`http://activitystrea.ms/schema/1.0/post`).
   */
  verb: string;
  /** The type of its object (`Note`, `Image`, …; encoded: `object_type`). */
  obj_type: string;
  /** Its ActivityStreams object, JSON text (encoded: `object`). */
  obj: string;
  /** The type of its target (encoded: `target_type`). */
  tgt_type: string;
  /** Its ActivityStreams target (what a like or share points at). */
  target: string;
  /** The message id of the layout of a webpage item. */
  layout_mid: string;
  /** Posting options such as `nodeliver`. */
  postopts: string;
  /** The hubs it was relayed through, comma-separated (`""` when delivered directly). */
  route: string;
  /** URL of the item on this hub. */
  llink: string;
  /** The item's permalink (encoded: `permalink`). */
  plink: string;
  /** The id of what the item is about (a photo's `resource_id`, an event's id). */
  resource_id: string;
  /** What `resource_id` names: `photo`, `event`, … (`""` for none). */
  resource_type: string;
  /** Attached files, JSON text (`""` for none). */
  attach: string;
  /** The author's signature of the body (encoded: `signature`). */
  sig: string;
  /** The location the author gave, free text (`""` when none). */
  location: string;
  /** The coordinates (`"lat long"`) the author gave (encoded: `longlat`). */
  coord: string;
  /** Who may see it: `""` for the access lists, else a policy such as `authenticated`, `network: red`. */
  public_policy: string;
  /** Who may comment: `contacts`, `authenticated`, `public`, … */
  comment_policy: string;
  /** Access list: the identity hashes allowed, each in angle brackets (`<hash><hash>`); `""` for none. */
  allow_cid: string;
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: string;
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: string;
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: string;
  /** Legacy restriction bits. */
  item_restrict: number;
  /** Legacy flag bits (superseded by the boolean `item_*` fields). */
  item_flags: number;
  /** `"0"` public, `"1"` private, `"2"` direct: a string, as PostgreSQL sends it. */
  item_private: string;
  /** Not yet seen by the channel. 0 or 1 here; the SDK reads a boolean. */
  item_unseen: number;
  /** On the channel's own wall. 0 or 1 here; the SDK reads a boolean. */
  item_wall: number;
  /** Written on this hub by this channel. 0 or 1 here; the SDK reads a boolean. */
  item_origin: number;
  /** Starred by the channel. 0 or 1 here; the SDK reads a boolean. */
  item_starred: number;
  /** Sent up to the thread's owner for relaying. 0 or 1 here; the SDK reads a boolean. */
  item_uplink: number;
  /** A consensus item (agree/disagree). 0 or 1 here; the SDK reads a boolean. */
  item_consensus: number;
  /** The top of a thread (not a comment). 0 or 1 here; the SDK reads a boolean. */
  item_thread_top: number;
  /** Not shown in streams. 0 or 1 here; the SDK reads a boolean. */
  item_notshown: number;
  /** Not safe for work. 0 or 1 here; the SDK reads a boolean. */
  item_nsfw: number;
  /** Relayed by the thread's owner. 0 or 1 here; the SDK reads a boolean. */
  item_relay: number;
  /** Mentions the channel. 0 or 1 here; the SDK reads a boolean. */
  item_mentionsme: number;
  /** Comments are disabled. 0 or 1 here; the SDK reads a boolean. */
  item_nocomment: number;
  /** The content is obscured (encrypted). 0 or 1 here; the SDK reads a boolean. */
  item_obscured: number;
  /** The author's signature was verified. 0 or 1 here; the SDK reads a boolean. */
  item_verified: number;
  /** Kept although it expired. 0 or 1 here; the SDK reads a boolean. */
  item_retained: number;
  /** Imported from a news feed. 0 or 1 here; the SDK reads a boolean. */
  item_rss: number;
  /** Deleted. 0 or 1 here; the SDK reads a boolean. */
  item_deleted: number;
  /**
   * What kind of item: 0 a post; other codes webpages, blocks, layouts, cards, articles, … Normalized to `number`.
   */
  item_type: number;
  /** Hidden (e.g. a photo's announcement). 0 or 1 here; the SDK reads a boolean. */
  item_hidden: number;
  /** A draft, not published. 0 or 1 here; the SDK reads a boolean. */
  item_unpublished: number;
  /** Scheduled for later publication. 0 or 1 here; the SDK reads a boolean. */
  item_delayed: number;
  /** About to be removed. 0 or 1 here; the SDK reads a boolean. */
  item_pending_remove: number;
  /** Blocked by a moderator. 0 or 1 here; the SDK reads a boolean. */
  item_blocked: number;
  /** PostgreSQL's full-text index of the item: always `null` in the answers. */
  item_search_vector: null;
}

/** A stored item: the row plus its terms. */
export interface HubItem {
  /** The `item` row. */
  row: HubItemRow;
  /** Its hashtags and categories. */
  terms: HubTermRow[];
}

export const VERB_POST = 'http://activitystrea.ms/schema/1.0/post';
export const OBJ_NOTE = 'http://activitystrea.ms/schema/1.0/note';
export const OBJ_COMMENT = 'http://activitystrea.ms/schema/1.0/comment';

/** A row with Hubzilla's defaults for a new plain post, overridden by `fields`. */
export function newItemRow(
  fields: Partial<HubItemRow> & Pick<HubItemRow, 'id' | 'uuid' | 'mid' | 'uid'>,
): HubItemRow {
  const { id, uuid, mid, uid, ...rest } = fields;
  const created = fields.created ?? NULL_DATE;
  return {
    id,
    uuid,
    mid,
    aid: 0,
    uid,
    parent: id,
    parent_mid: mid,
    thr_parent: mid,
    created,
    edited: created,
    expires: NULL_DATE,
    commented: created,
    received: created,
    changed: created,
    comments_closed: NULL_DATE,
    owner_xchan: '',
    author_xchan: '',
    source_xchan: '',
    mimetype: 'text/bbcode',
    title: '',
    summary: '',
    body: '',
    html: '',
    app: '',
    lang: '',
    revision: 0,
    verb: VERB_POST,
    obj_type: OBJ_NOTE,
    obj: '',
    tgt_type: '',
    target: '',
    layout_mid: '',
    postopts: '',
    route: '',
    llink: '',
    plink: mid,
    resource_id: '',
    resource_type: '',
    attach: '',
    sig: '',
    location: '',
    coord: '',
    public_policy: '',
    comment_policy: 'contacts',
    allow_cid: '',
    allow_gid: '',
    deny_cid: '',
    deny_gid: '',
    item_restrict: 0,
    item_flags: 0,
    item_private: '0',
    item_unseen: 0,
    item_wall: 1,
    item_origin: 1,
    item_starred: 0,
    item_uplink: 0,
    item_consensus: 0,
    item_thread_top: 1,
    item_notshown: 0,
    item_nsfw: 0,
    item_relay: 0,
    item_mentionsme: 0,
    item_nocomment: 0,
    item_obscured: 0,
    item_verified: 1,
    item_retained: 0,
    item_rss: 0,
    item_deleted: 0,
    item_type: 0,
    item_hidden: 0,
    item_unpublished: 0,
    item_delayed: 0,
    item_pending_remove: 0,
    item_blocked: 0,
    item_search_vector: null,
    ...rest,
  };
}
