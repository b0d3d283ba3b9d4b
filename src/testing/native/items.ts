import { parseDateParam, sqlDate } from '../http/dates.js';
import type { Params } from '../http/params.js';
import { deliver, deliverDeletion, deliverEdit } from './deliver.js';
import type { HubCall } from './endpoint.js';
import { nextId } from './hub-state.js';
import { itemBody, takeAttachments, withMediaLink } from './hub-version.js';
import { rowAnswer } from './item-encode.js';
import { type Acl, aclText, buildItem, privacyOf } from './item-factory.js';
import type { HubItem, HubTermRow } from './item-row.js';
import { defaultAcl, storeMedia } from './media.js';
import { empty, htmlJson, json } from './reply.js';

const ACL_FIELDS = ['contact_allow', 'group_allow', 'contact_deny', 'group_deny'] as const;

/**
 * item/update, as Hubzilla runs it for ANY method (a GET creates an item too): `dropitems`
 * deletes; `post_id` edits (unknown: empty 200); `parent`/`parent_mid` comments; else a new post.
 * The app name is `source`, the permalink `permalink`, categories `category`.
 */
export async function itemUpdate(call: HubCall): Promise<Response> {
  const { params } = call;
  if (params.has('dropitems')) return dropItems(call);
  const mine = call.runtime.hub.items.filter((item) => item.row.uid === call.channel.channel_id);
  let editing: HubItem | undefined;
  if (params.has('post_id')) {
    editing = mine.find(
      (item) => item.row.id === params.int('post_id') && item.row.author_xchan === call.channel.hash,
    );
    if (!editing) return empty();
  }
  let parent: HubItem | undefined;
  let replyTo: HubItem | undefined;
  if (!editing && (params.has('parent') || params.has('parent_mid'))) {
    replyTo = params.has('parent')
      ? mine.find((item) => item.row.id === params.int('parent'))
      : mine.find((item) => item.row.mid === params.get('parent_mid'));
    const given = replyTo;
    parent = given && mine.find((item) => item.row.id === given.row.parent);
    if (!parent) return json({ success: false, message: 'invalid post id' });
    if (parent.row.item_nocomment) return json({ success: false, message: 'permission denied' });
  }
  const version = call.runtime.options.hubVersion;
  let body = itemBody(version, params);
  const media = params.file('media');
  if (media) {
    const link = await storeMedia(call, media);
    if (link === undefined) return empty();
    body = withMediaLink(version, body, link);
  }
  const attached = takeAttachments(call, body);
  body = attached.body;
  if (body.trim() === '') {
    const message = params.get('allow_empty') ? 'operation cancelled' : 'no content';
    return json({ success: false, message });
  }
  const now = sqlDate(call.runtime.options.now());
  const tagged = hashtags(call, body);
  const terms = [...tagged.terms, ...categories(call, params)];
  if (editing) {
    if (attached.attach !== '') editing.row.attach = attached.attach;
    Object.assign(editing.row, {
      body: tagged.body,
      title: params.get('title') ?? editing.row.title,
      edited: now,
    });
    if (hasAcl(params))
      Object.assign(editing.row, givenAcl(params), { item_private: privacyOf(givenAcl(params)) });
    if (terms.length > 0 || params.has('category')) editing.terms = terms;
    deliverEdit(call.runtime, editing);
    return json({ success: true, item_id: editing.row.id, item: rowAnswer(editing, true) });
  }
  const refused = repeated(call, mine, tagged.body);
  if (refused) return json({ success: false, message: refused });
  const item = createItem(call, tagged.body, terms, parent, now, attached.attach);
  // As the hub: the reply joins the top's thread (`parent`, `parent_mid`) and remembers the item it
  // answers, a comment included (`thr_parent`).
  if (replyTo) item.row.thr_parent = replyTo.row.mid;
  // As on a hub: the connections it is for get their copy (a comment: every copy of the thread).
  deliver(call.runtime, item);
  return json({ success: true, item_id: item.row.id, item: rowAnswer(item, false) });
}

/** Hubzilla's "Suppress Duplicate Posts/Comments" window (on by default). */
const DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

/**
 * How 8.8.7 answers a new item whose `message_id` (its `uuid`) the channel already has: with the
 * same text as the stored one within two minutes, `operation cancelled` (the "Suppress Duplicate
 * Posts/Comments" check, on by default, comes first); else `item_store()` refuses the second uuid
 * ("duplicate post."), which `Item::post` answers as `system error`. Media was stored before either
 * check, as on the hub. (The hub also cancels the same text under a NEW message id within two
 * minutes; the fake accepts that, so tests may post the same text twice.)
 */
function repeated(call: HubCall, mine: readonly HubItem[], body: string): string | undefined {
  const uuid = uuidOf(call.params.get('message_id') ?? '');
  const stored = uuid === undefined ? undefined : mine.find((item) => item.row.uuid === uuid);
  if (!stored) return undefined;
  const since = call.runtime.options.now().getTime() - DUPLICATE_WINDOW_MS;
  const recent = Date.parse(`${stored.row.created.replace(' ', 'T')}Z`) > since;
  return recent && stored.row.body === body ? 'operation cancelled' : 'system error';
}

/** The `uuid` a `message_id` becomes (the fake keeps the last segment of a URL). */
function uuidOf(messageId: string): string | undefined {
  return messageId === '' ? undefined : (messageId.split('/').pop() ?? messageId);
}

/** Stores a new post (or comment of `parent`) of the channel from the request's fields. */
export function createItem(
  call: HubCall,
  body: string,
  terms: HubTermRow[],
  parent: HubItem | undefined,
  now: string,
  attach = '',
): HubItem {
  const { params, channel, runtime } = call;
  const acl: Acl = parent ? pickAcl(parent) : hasAcl(params) ? givenAcl(params) : defaultAcl(call);
  const messageId = params.get('message_id') ?? '';
  const uuid = uuidOf(messageId) ?? runtime.prng.uuid();
  const created = parseDateParam(params.get('created')) ?? now;
  const item = buildItem(call.site, {
    id: nextId(runtime.hub.items.map((entry) => entry.row)),
    uid: channel.channel_id,
    aid: channel.account_id,
    uuid,
    created,
    owner: parent ? parent.row.owner_xchan : channel.hash,
    author: channel.hash,
    body,
    acl,
    wall: parent ? parent.row.item_wall === 1 : true,
    origin: true,
    title: params.get('title'),
    parent: parent?.row,
    terms,
    fields: {
      ...(messageId.startsWith('http') ? { mid: messageId, plink: messageId } : {}),
      app: params.get('source') ?? '',
      attach,
      mimetype: params.get('mimetype') || 'text/bbcode',
      location: params.get('location') ?? '',
      coord: params.get('coord') ?? '',
      item_nocomment: params.int('nocomment') ? 1 : 0,
      item_consensus: params.int('consensus') ? 1 : 0,
      ...(params.get('permalink') ? { plink: params.get('permalink') ?? '' } : {}),
      ...(params.get('verb') ? { verb: params.get('verb') ?? '' } : {}),
      ...(params.get('obj_type') ? { obj_type: params.get('obj_type') ?? '' } : {}),
      ...(parseDateParam(params.get('expire'))
        ? { expires: parseDateParam(params.get('expire')) ?? '' }
        : {}),
    },
  });
  if (parent) parent.row.commented = created;
  runtime.hub.items.push(item);
  return item;
}

/** `dropitems`: deletes the listed items (a thread with its top), answering `{"success":1}` as text/html. */
function dropItems(call: HubCall): Response {
  const ids = new Set(call.params.list('dropitems').map((id) => Number.parseInt(id, 10)));
  const { hub } = call.runtime;
  const doomed = hub.items.filter((item) => item.row.uid === call.channel.channel_id && ids.has(item.row.id));
  const threads = new Set(doomed.filter((item) => item.row.item_thread_top).map((item) => item.row.id));
  hub.items = hub.items.filter(
    (item) =>
      !doomed.includes(item) && !(item.row.uid === call.channel.channel_id && threads.has(item.row.parent)),
  );
  // The channel's own items are retracted from every channel they were delivered to.
  deliverDeletion(
    call.runtime,
    doomed.filter((item) => item.row.author_xchan === call.channel.hash),
  );
  return htmlJson({ success: 1 });
}

function hasAcl(params: Params): boolean {
  return ACL_FIELDS.some((field) => params.has(field));
}

/** The access lists given as `name[]` arrays or comma-separated text. */
function givenAcl(params: Params): Acl {
  return {
    allow_cid: aclText(params.list('contact_allow')),
    allow_gid: aclText(params.list('group_allow')),
    deny_cid: aclText(params.list('contact_deny')),
    deny_gid: aclText(params.list('group_deny')),
  };
}

function pickAcl(item: HubItem): Acl {
  const { allow_cid, allow_gid, deny_cid, deny_gid } = item.row;
  return { allow_cid, allow_gid, deny_cid, deny_gid };
}

/** `#tag` becomes a search link and a hashtag term, as Hubzilla's bbcode processing does. */
function hashtags(call: HubCall, body: string): { body: string; terms: HubTermRow[] } {
  const terms: HubTermRow[] = [];
  const uid = call.channel.channel_id;
  const linked = body.replace(/(^|\s)#(\w+)/g, (_, space: string, tag: string) => {
    const url = `${call.site}/search?tag=${tag}`;
    terms.push({ uid, ttype: 1, otype: 1, term: tag, url });
    return `${space}#[zrl=${url}]${tag}[/zrl]`;
  });
  return { body: linked, terms };
}

function categories(call: HubCall, params: Params): HubTermRow[] {
  const uid = call.channel.channel_id;
  return params.list('category').map((term) => ({
    uid,
    ttype: 3,
    otype: 1,
    term,
    url: `${call.site}/channel/${call.channel.nick}?f=&cat=${encodeURIComponent(term)}`,
  }));
}
