import { type HubItem, type HubItemRow, type HubTermRow, newItemRow, OBJ_COMMENT } from './item-row.js';

/** The four access lists of an item or file, as Hubzilla stores them (`<hash><hash>`). */
export interface Acl {
  allow_cid: string;
  allow_gid: string;
  deny_cid: string;
  deny_gid: string;
}

export const PUBLIC_ACL: Acl = { allow_cid: '', allow_gid: '', deny_cid: '', deny_gid: '' };

/** What a new item needs; everything else takes Hubzilla's defaults. */
export interface ItemInput {
  id: number;
  uid: number;
  aid: number;
  uuid: string;
  created: string;
  owner: string;
  author: string;
  body: string;
  acl: Acl;
  /** On the channel's own wall (its own posts and the comments on them). */
  wall: boolean;
  /** Written by the channel itself (not received from another channel). */
  origin: boolean;
  title?: string | undefined;
  /** Makes the item a comment of this item's thread. */
  parent?: HubItemRow | undefined;
  terms?: HubTermRow[] | undefined;
  /** Any other row field (app, plink, mimetype, item_nocomment, …). */
  fields?: Partial<HubItemRow> | undefined;
}

/** Hubzilla's `item_private` for an access list: "0" public, "2" to single contacts, else "1". */
export function privacyOf(acl: Acl): string {
  if (acl.allow_cid === '' && acl.allow_gid === '' && acl.deny_cid === '' && acl.deny_gid === '') return '0';
  return acl.allow_cid !== '' && acl.allow_gid === '' ? '2' : '1';
}

/** `<a><b>` from a list of hashes. */
export function aclText(hashes: readonly string[]): string {
  return hashes.map((hash) => `<${hash}>`).join('');
}

/** The local display link of a message id (`/display/b64.<base64url(mid)>`). */
export function displayLink(site: string, mid: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(mid)) binary += String.fromCharCode(byte);
  const encoded = btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  return `${site}/display/b64.${encoded}`;
}

export function buildItem(site: string, input: ItemInput): HubItem {
  const mid = `${site}/item/${input.uuid}`;
  const llink = displayLink(site, mid);
  const parent = input.parent;
  const row = newItemRow({
    id: input.id,
    uuid: input.uuid,
    mid,
    aid: input.aid,
    uid: input.uid,
    created: input.created,
    owner_xchan: input.owner,
    author_xchan: input.author,
    title: input.title ?? '',
    body: input.body,
    llink,
    plink: parent ? llink : mid,
    sig: input.author.startsWith('http') ? '' : `sha256.${signatureOf(input.uuid)}`,
    ...input.acl,
    item_private: privacyOf(input.acl),
    item_wall: input.wall ? 1 : 0,
    item_origin: input.origin ? 1 : 0,
    ...(parent
      ? {
          parent: parent.id,
          parent_mid: parent.mid,
          thr_parent: parent.mid,
          obj_type: OBJ_COMMENT,
          item_thread_top: 0,
        }
      : {}),
    ...input.fields,
  });
  return { row, terms: input.terms ?? [] };
}

/** A stable stand-in for the item signature (base64url text shaped like the real 683 characters). */
function signatureOf(uuid: string): string {
  let text = '';
  let state = 0;
  for (const char of uuid) state = (Math.imul(state, 31) + char.charCodeAt(0)) >>> 0;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  while (text.length < 683) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    text += alphabet[state >>> 26];
  }
  return text;
}
