import { encodeBase64Url } from '../core/body/base64.js';
import type { Answered } from '../core/client/api-promise.js';
import type { Recover } from '../core/client/client-core.js';
import { ApiError } from '../core/errors/api-error.js';
import type { RequestOptions, UploadOptions } from '../core/options/options.js';
import type { Fields } from '../core/request/query.js';
import type { ExportItem, ItemRow } from '../schemas/index.js';
import { AbookListSchema, ItemFullAnswerSchema } from './envelopes.js';
import type { NativeApi } from './native-api.js';

/** What `items.update` and `items.reply` resolve to. */
export interface ItemUpdateAnswer {
  /** The new or edited item's row id (`item_id` of `items.full`). */
  item_id: number;
  /** The item as a database row. */
  item: ItemRow;
}

/**
 * What Hubzilla 8.8.7 answers an `item/update` whose `message_id` (the item's `uuid`) the channel
 * already has: `operation cancelled` within two minutes of an item with the same text (its
 * "Suppress Duplicate Posts/Comments" check comes first), else `system error` (`item_store()`
 * refuses the second uuid, "duplicate post.", and `Item::post` reports a failed store so). Both also
 * have other causes (a post with the same text, an addon, a database failure): the SDK looks the
 * item up, and the failure stands when it is not there.
 */
const MAYBE_STORED = new Set(['operation cancelled', 'system error']);

/**
 * Where the hub's own items are, its root (`z_root()`, no trailing `/`), and who the channel is: its
 * account, its hash (a row's `author_xchan`) and its guid (the `id` an export gives its people).
 */
export interface HubIdentity {
  root: string;
  accountId: number;
  /** The channel's id (`abook_channel`, an item's `uid`); 0 when the entry was not there. */
  channelId: number;
  hash: string;
  guid: string;
}

/**
 * The hub's identity from the channel's own address-book entry (`abook`, `abook_self`: the
 * channel's xchan): its root from the channel's URL (`<root>/channel/<nick>`), which a client
 * behind a proxy or relay cannot take from its `baseUrl`, its account, hash and guid. Not `verify`,
 * which carries the channel's private key (and which a relay refuses). The client's root, and
 * no account or people, when the entry is not there.
 */
export async function hubIdentity(api: NativeApi, options: RequestOptions | undefined): Promise<HubIdentity> {
  const rows = await api
    .read(
      'abook',
      {},
      { schema: AbookListSchema, subject: 'The address book', unwrap: (list) => list, shape: 'array' },
      options,
    )
    .catch(() => []);
  // Read as sent too (validation `off`): the flag may still be 1 or "1".
  const self = (Array.isArray(rows) ? rows : []).find((row) => Number(row?.abook_self) === 1) as
    | Record<string, unknown>
    | undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const root = /^(.+)\/channel\/[^/]+$/.exec(text(self?.xchan_url))?.[1] ?? api.root.href.replace(/\/$/, '');
  const accountId = Number(self?.abook_account ?? 0);
  const channelId = Number(self?.abook_channel ?? 0);
  return {
    root,
    accountId: Number.isSafeInteger(accountId) ? accountId : 0,
    channelId: Number.isSafeInteger(channelId) && channelId > 0 ? channelId : 0,
    hash: text(self?.xchan_hash),
    guid: text(self?.xchan_guid),
  };
}

/** The new item to find again: its `message_id`, and where its thread is. */
export interface NewItem {
  messageId: string;
  /** A reply's thread: its top's message id, or the row id of the item replied to. */
  thread?: { mid: string } | { item_id: number } | undefined;
}

/**
 * Reads a "maybe stored already" failure of a new item's `item/update` (see {@link MAYBE_STORED}):
 * finds the item by its message id (`item/full` of its thread, which a comment's own mid does not
 * find) and resolves with what the first answer would have been, else lets the failure stand.
 */
export function storedItemRecovery(
  api: NativeApi,
  identity: (options: RequestOptions | undefined) => Promise<HubIdentity>,
  item: NewItem,
  options: UploadOptions | undefined,
): Recover<ItemUpdateAnswer> {
  // The lookups are reads: the call's signal, timeout, headers and retry, not its upload progress.
  const { onUploadProgress: _progress, ...readOptions } = options ?? {};
  return async (failure): Promise<Answered<ItemUpdateAnswer> | undefined> => {
    if (!(failure instanceof ApiError) || !MAYBE_STORED.has(failure.code ?? '')) return undefined;
    const hub = await identity(readOptions);
    const mid = `${hub.root}/item/${item.messageId}`;
    const query: Fields = item.thread ?? { mid };
    const { data, raw } = await api
      .read(
        'item/full',
        query,
        { schema: ItemFullAnswerSchema, subject: 'Item', unwrap: (answer) => answer.item, shape: 'array' },
        readOptions,
      )
      .answered();
    const stored = (Array.isArray(data) ? data : []).find(
      (entry) =>
        entry.uuid === item.messageId || entry.message_id === mid || entry.message_id === item.messageId,
    );
    return stored
      ? { data: { item_id: Number(stored.id), item: rowFromExport(stored, hub) }, raw }
      : undefined;
  };
}

/**
 * The database row of an item read in the mirror export (what `item/update` would have answered):
 * every field the export carries, renamed (`message_id` → `mid`, `message_top` → `parent_mid`,
 * `permalink` → `plink`, …), the account from the channel. The export names people by guid:
 * `author_xchan` and `owner_xchan` are the channel's hash where the guid is the channel's (always
 * the author of its own new item), else `''` (the owner of another channel's thread). What the export does not carry is rebuilt: `received` and `changed` as `created` and
 * `edited`, `llink` as the hub makes it, `source_xchan` `''`, `item_restrict` and `item_flags` 0,
 * `item_private` 1 when the export flags it private; `llink` is Hubzilla's `gen_link_id()` (`b64.` and the
 * mid in URL-safe base64); `html` and `lang` `''`
 * (as 8.8.7 stores an item made through the API); a PostgreSQL hub's `item_search_vector` is left out.
 */
export function rowFromExport(item: ExportItem, hub: HubIdentity): ItemRow {
  const {
    type: _type,
    encoding: _encoding,
    message_id,
    message_top,
    message_parent,
    object_type,
    target_type,
    permalink,
    longlat,
    signature,
    owner,
    author,
    public_scope,
    comment_scope,
    comments_closed,
    flags,
    object,
    target,
    tags: _tags,
    meta: _meta,
    attach,
    ...same
  } = item;
  return {
    ...same,
    mid: message_id,
    parent_mid: message_top,
    thr_parent: message_parent,
    aid: hub.accountId,
    received: item.created,
    changed: item.edited,
    comments_closed: comments_closed ?? null,
    owner_xchan: hashOf(owner, hub),
    author_xchan: hashOf(author, hub),
    source_xchan: '',
    obj_type: object_type,
    obj: asText(object),
    tgt_type: target_type,
    target: asText(target),
    attach: asText(attach),
    llink: `${hub.root}/display/b64.${encodeBase64Url(new TextEncoder().encode(message_id))}`,
    plink: permalink,
    sig: signature,
    coord: longlat,
    public_policy: public_scope ?? '',
    comment_policy: comment_scope,
    item_private: Array.isArray(flags) && flags.includes('private') ? 1 : 0,
    item_restrict: 0,
    item_flags: 0,
    // What 8.8.7 stores for an item made through the API (no rendered cache, no language).
    html: '',
    lang: '',
  } as ItemRow;
}

/** A row keeps JSON members as text (`''` when there is none). */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return '';
  return JSON.stringify(value);
}

/** The hash of the channel when `person` is it (the export gives people by guid), else `''`. */
function hashOf(person: { id?: string | undefined } | undefined, hub: HubIdentity): string {
  return person?.id !== undefined && person.id !== '' && person.id === hub.guid ? hub.hash : '';
}
