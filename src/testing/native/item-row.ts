import { NULL_DATE } from '../http/dates.js';

/** A term (hashtag ttype 1, category ttype 3) of an item. */
export interface HubTermRow {
  uid: number;
  ttype: number;
  otype: number;
  term: string;
  url: string;
}

/** An item row as item/update returns it (field order and encodings of Hubzilla 8.8.7). */
export interface HubItemRow {
  id: number;
  uuid: string;
  mid: string;
  aid: number;
  uid: number;
  parent: number;
  parent_mid: string;
  thr_parent: string;
  created: string;
  edited: string;
  expires: string;
  commented: string;
  received: string;
  changed: string;
  comments_closed: string;
  owner_xchan: string;
  author_xchan: string;
  source_xchan: string;
  mimetype: string;
  title: string;
  summary: string;
  body: string;
  html: string;
  app: string;
  lang: string;
  revision: number;
  verb: string;
  obj_type: string;
  obj: string;
  tgt_type: string;
  target: string;
  layout_mid: string;
  postopts: string;
  route: string;
  llink: string;
  plink: string;
  resource_id: string;
  resource_type: string;
  attach: string;
  sig: string;
  location: string;
  coord: string;
  public_policy: string;
  comment_policy: string;
  allow_cid: string;
  allow_gid: string;
  deny_cid: string;
  deny_gid: string;
  item_restrict: number;
  item_flags: number;
  /** `"0"` public, `"1"` private, `"2"` direct: a string, as PostgreSQL sends it. */
  item_private: string;
  item_unseen: number;
  item_wall: number;
  item_origin: number;
  item_starred: number;
  item_uplink: number;
  item_consensus: number;
  item_thread_top: number;
  item_notshown: number;
  item_nsfw: number;
  item_relay: number;
  item_mentionsme: number;
  item_nocomment: number;
  item_obscured: number;
  item_verified: number;
  item_retained: number;
  item_rss: number;
  item_deleted: number;
  item_type: number;
  item_hidden: number;
  item_unpublished: number;
  item_delayed: number;
  item_pending_remove: number;
  item_blocked: number;
  item_search_vector: null;
}

/** A stored item: the row plus its terms. */
export interface HubItem {
  row: HubItemRow;
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
