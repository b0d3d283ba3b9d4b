import { NULL_DATE, ZERO_DATE } from '../http/dates.js';
import type { HubState, HubXchanRow } from './hub-state.js';
import type { HubItem, HubItemRow } from './item-row.js';

const FULL_FLAGS = [
  'item_origin',
  'item_unseen',
  'item_starred',
  'item_uplink',
  'item_consensus',
  'item_wall',
  'item_thread_top',
  'item_notshown',
  'item_nsfw',
  'item_relay',
  'item_mentionsme',
  'item_nocomment',
  'item_obscured',
  'item_verified',
  'item_retained',
  'item_rss',
  'item_deleted',
  'item_type',
  'item_hidden',
  'item_unpublished',
  'item_delayed',
  'item_pending_remove',
  'item_blocked',
] as const satisfies readonly (keyof HubItemRow)[];

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

/**
 * An item in Hubzilla's portable "zot" encoding, as channel/stream and network/stream return it.
 * `full` adds the local columns (id, parent, uid, access lists, flags) that item/full and the
 * export use.
 */
export function encodeItem(hub: HubState, item: HubItem, full: boolean): Record<string, unknown> {
  const row = item.row;
  const author = hub.xchans.find((x) => x.hash === row.author_xchan);
  const encoded: Record<string, unknown> = { type: 'activity', encoding: 'zot' };
  if (full) {
    Object.assign(encoded, {
      id: row.id,
      parent: row.parent,
      uid: row.uid,
      allow_cid: row.allow_cid,
      allow_gid: row.allow_gid,
      deny_cid: row.deny_cid,
      deny_gid: row.deny_gid,
      revision: row.revision,
      layout_mid: row.layout_mid,
      postopts: row.postopts,
      resource_id: row.resource_id,
      resource_type: row.resource_type,
      attach: row.attach,
    });
    for (const flag of FULL_FLAGS) encoded[flag] = row[flag];
  }
  Object.assign(encoded, {
    uuid: row.uuid,
    message_id: row.mid,
    message_top: row.parent_mid,
    message_parent: row.thr_parent,
    created: row.created,
    edited: row.edited,
    expires: row.expires === NULL_DATE ? ZERO_DATE : row.expires,
    commented: row.commented,
    mimetype: row.mimetype,
    title: row.title,
    summary: row.summary,
    body: row.body,
    app: row.app,
    verb: row.verb,
    object_type: row.obj_type,
    target_type: row.tgt_type,
    permalink: row.plink,
    location: row.location,
    longlat: row.coord,
    signature: row.sig,
    route: row.route,
    owner: person(hub.xchans.find((x) => x.hash === row.owner_xchan)),
    author: person(author),
  });
  const stored = row.obj === '' ? undefined : (JSON.parse(row.obj) as Record<string, unknown>);
  const object = stored ?? (row.item_origin === 0 ? noteObject(row, author) : undefined);
  if (object) encoded.object = object;
  if (row.target !== '') encoded.target = JSON.parse(row.target);
  const flags = [
    row.item_hidden ? 'hidden' : '',
    row.item_thread_top ? 'thread_parent' : '',
    row.item_nocomment ? 'nocomment' : '',
    row.item_private !== '0' ? 'private' : '',
  ].filter((flag) => flag !== '');
  if (flags.length > 0) encoded.flags = flags;
  encoded.public_scope = row.public_policy;
  encoded.comment_scope = row.comment_policy;
  if (item.terms.length > 0) {
    encoded.tags = item.terms.map((term) => ({
      tag: term.term,
      url: term.url,
      type: term.ttype === 3 ? 'category' : 'hashtag',
    }));
  }
  if (object && !stored) encoded.meta = deliveryMeta(row, object);
  return encoded;
}

/** The item as item/update answers it: the database row, with its terms when it has any. */
export function rowAnswer(item: HubItem, withTerms: boolean): Record<string, unknown> {
  return withTerms || item.terms.length > 0 ? { ...item.row, term: item.terms } : { ...item.row };
}

function person(x: HubXchanRow | undefined): Record<string, unknown> {
  if (!x) return {};
  return {
    name: x.name,
    address: x.addr,
    url: x.url,
    network: x.network,
    photo: { mimetype: x.photo_mimetype, src: x.photo_m },
    id: x.guid,
    id_sig: x.guid_sig,
    key: x.pubkey,
  };
}

/** The delivery metadata Hubzilla keeps with an item received over ActivityPub. */
function deliveryMeta(row: HubItemRow, object: Record<string, unknown>): Record<string, unknown>[] {
  const activity = {
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    type: 'Create',
    id: row.mid.replace('/item/', '/activity/'),
    actor: object.actor,
    published: object.published,
    to: object.to,
    object,
  };
  return [
    { family: 'activitypub', key: 'rawmsg', value: JSON.stringify(activity), sharing: 1 },
    { family: 'activitypub', key: 'recips', value: { to: object.to }, sharing: 0 },
  ];
}

/** The ActivityStreams object of an item received from another channel. */
function noteObject(row: HubItemRow, author: HubXchanRow | undefined): Record<string, unknown> {
  const published = `${row.created.replace(' ', 'T')}Z`;
  return {
    type: 'Note',
    id: row.mid,
    'diaspora:guid': row.uuid,
    published,
    ...(row.item_thread_top ? { commentPolicy: row.comment_policy } : {}),
    attributedTo: author?.url ?? '',
    ...(row.item_thread_top ? {} : { inReplyTo: row.thr_parent }),
    content: row.body,
    source: { content: row.body, mediaType: row.mimetype },
    actor: author?.url ?? '',
    to: row.item_private === '0' ? [PUBLIC] : [],
  };
}
