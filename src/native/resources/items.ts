import type * as z from 'zod/mini';
import { randomUuid } from '../../core/base/uuid.js';
import { ApiPromise } from '../../core/client/api-promise.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions, UploadOptions } from '../../core/options/options.js';
import type { Fields } from '../../core/request/query.js';
import { type ExportItem, type ItemRow, ItemUpdateResultSchema } from '../../schemas/index.js';
import { exactlyOne, knownParams, optionalText, requireId, requireText } from '../arguments.js';
import { ItemFullAnswerSchema } from '../envelopes.js';
import { mediaCheck } from '../media-answer.js';
import type { NativeApi } from '../native-api.js';
import { checkStoredChannel, type PinnedChannel } from '../owner-check.js';
import { messageIdOf, threadOf } from '../reply-target.js';
import {
  type HubIdentity,
  hubIdentity,
  type ItemUpdateAnswer,
  type NewItem,
  storedItemRecovery,
} from '../stored-item.js';
import type { AclList, ItemReplyParams, ItemUpdateParams, MediaUpload, ReplyTarget } from './items-params.js';

/** A thread's top item, by id or by message id. */
export type ItemFullParams =
  | {
      /** The item id of a thread's TOP item (a comment's id gives `[]`). */
      item_id: number;
    }
  | {
      /** The full message id (`mid`, a URL on Hubzilla), of a thread's top item. */
      mid: string;
    };

/** Every field of {@link ItemUpdateParams}: the compiler keeps this list in step with the type. */
const UPDATE_KEYS = keysOf<ItemUpdateParams>({
  body: true,
  media: true,
  title: true,
  coord: true,
  location: true,
  expire: true,
  mimetype: true,
  contact_allow: true,
  group_allow: true,
  contact_deny: true,
  group_deny: true,
  parent: true,
  parent_mid: true,
  remote_xchan: true,
  consensus: true,
  nocomment: true,
  namespace: true,
  remote_id: true,
  message_id: true,
  created: true,
  post_id: true,
  app: true,
  source: true,
  category: true,
  webpage: true,
  pagetitle: true,
  layout_mid: true,
  plink: true,
  permalink: true,
  verb: true,
  obj_type: true,
});
const FULL_KEYS = keysOf<ItemFullParams>({ item_id: true, mid: true });
/** What a reply names itself: the item it answers is `reply`'s first argument. */
const REPLY_OWN = ['parent', 'parent_mid', 'post_id'] as const;
const REPLY_KEYS = UPDATE_KEYS.filter((key) => !(REPLY_OWN as readonly string[]).includes(key));

/** Conversation items: create, reply, edit, read whole threads. */
export class ItemsResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /**
   * `item/update` (always POST: the hub creates items even from a GET). Multipart when `media` is
   * attached. `{success: false, message}` → `ApiError` with the message as `code`.
   *
   * A new item gets a `message_id` (a random UUID unless you give one), which the hub keeps as its
   * `uuid` and refuses a second time: so the SDK retries it like a read after a failure that leaves
   * the outcome unknown (connection lost, timeout, 502/503/504), and resolves the hub's "already
   * stored" answer to the stored item, the same `{ item_id, item }`. Give your own `message_id` to
   * repeat a post safely after a restart. An edit (`post_id`) is retried too: it sets the same text
   * again. A post with `media` is sent once (the hub stores the file before the item, and again on
   * a repeat): its error's `mayHaveSucceeded` says whether it may have been stored.
   */
  update(params: ItemUpdateParams, options?: UploadOptions): ApiPromise<ItemUpdateAnswer> {
    return ApiPromise.attempt(() => {
      knownParams('items.update', params, UPDATE_KEYS);
      return this.#write(params, options, undefined);
    });
  }

  /**
   * Replies to (comments on) an item: `to` is any item the SDK returned — a {@link StreamItem} of
   * `network.stream`/`channel.stream`, an {@link ExportItem} of `items.full`, an {@link ItemRow} of
   * `items.update` — or its message id. Sent as `item/update` with `parent_mid` = the item's message
   * id, which the hub looks up among the channel's own items and threads under the top of its
   * conversation (a reply to a comment keeps that comment as `thr_parent`). Every shape has a
   * message id, unlike a row `id`: a stream item has none, and a missing `parent` posts publicly.
   * An item without a message id → `ArgumentError`, before any request; an item the channel does
   * not have → `ApiError` (`invalid post id`).
   * @example
   * for await (const post of hub.network.stream()) await hub.items.reply(post, { body: 'Thanks!' });
   */
  reply(to: ReplyTarget, params: ItemReplyParams, options?: UploadOptions): ApiPromise<ItemUpdateAnswer> {
    return ApiPromise.attempt(() => {
      const parent_mid = messageIdOf(to);
      // Without params, `update` refuses the missing body.
      for (const key of REPLY_OWN) {
        if (Object.hasOwn(params ?? {}, key)) {
          throw new ArgumentError(
            `items.reply: ${key} is not a reply field: the item to reply to is the first argument`,
          );
        }
      }
      knownParams('items.reply', params, REPLY_KEYS);
      return this.#write({ ...params, parent_mid }, options, threadOf(to));
    });
  }

  /** A post, comment or edit; a new item with its message id, retried and found again (see `update`). */
  #write(
    params: ItemUpdateParams,
    options: UploadOptions | undefined,
    thread: NewItem['thread'],
  ): ApiPromise<ItemUpdateAnswer> {
    const media = mediaBlob(params?.media);
    const fields = itemFields(params, media !== undefined);
    const editing = fields.post_id !== undefined;
    const channel = this.#api.channel;
    if (channel === undefined) return this.#send(fields, media, editing, thread, options, undefined);
    // Its message id now, so that the request refused (or sent) below is the one that would go out.
    const sent = editing ? fields : { ...fields, message_id: fields.message_id ?? randomUuid() };
    // A request PHP would cut sends nothing at all, not even the identity's look-up: the transport
    // refuses it, reported as every refused call is.
    if (this.#api.refusesWrite('item/update', sent, { media }))
      return this.#send(sent, media, editing, thread, options, undefined);
    // A client that pins a channel checks where the item was stored: it needs the channel's id first.
    const { onUploadProgress: _progress, ...readOptions } = options ?? {};
    return ApiPromise.after(this.#identity(readOptions), ({ channelId }) =>
      this.#send(sent, media, editing, thread, options, { nick: channel, channelId }),
    );
  }

  /** The `item/update` call of {@link ItemsResource.#write}; its answer checked against `pinned`. */
  #send(
    fields: Fields,
    media: Blob | undefined,
    editing: boolean,
    thread: NewItem['thread'],
    options: UploadOptions | undefined,
    pinned: PinnedChannel | undefined,
  ): ApiPromise<ItemUpdateAnswer> {
    const spec = {
      schema: ItemUpdateResultSchema,
      subject: editing ? `Item ${String(fields.post_id)} (to edit)` : 'The item to create',
      ...(!editing && media ? { emptyMeans: 'an empty answer: the media upload failed' } : {}),
      ...(media ? { incomplete: mediaCheck(media, fields.body) } : {}),
      unwrap: ({ item_id, item }: z.output<typeof ItemUpdateResultSchema>) => {
        const answer = { item_id, item };
        if (pinned)
          checkStoredChannel(
            answer,
            pinned,
            fields.parent_mid === undefined ? 'items.update' : 'items.reply',
          );
        return answer;
      },
      shape: 'object' as const,
    };
    // The hub stores a file again on every repeat, before it looks at the item.
    const repeat = media ? 'once' : 'idempotent-write';
    if (editing) return this.#api.write('item/update', fields, { media }, spec, options, { repeat });
    const messageId = (fields.message_id as string | undefined) ?? randomUuid();
    const item: NewItem = {
      messageId,
      thread:
        thread ??
        (fields.parent !== undefined
          ? { item_id: fields.parent as number }
          : typeof fields.parent_mid === 'string'
            ? { mid: fields.parent_mid }
            : undefined),
    };
    const recover = storedItemRecovery(this.#api, this.#identity, item, options);
    return this.#api.write('item/update', { ...fields, message_id: messageId }, { media }, spec, options, {
      repeat,
      recover,
    });
  }

  /**
   * The hub's root and the channel's identity, asked when a repeat is first resolved and kept once
   * found (a failed look-up, an aborted one, is asked again next time).
   */
  readonly #identity = async (options: RequestOptions | undefined): Promise<HubIdentity> => {
    if (this.#hub) return this.#hub;
    const identity = await hubIdentity(this.#api, options);
    if (identity.guid !== '') this.#hub = identity;
    return identity;
  };
  #hub: HubIdentity | undefined;

  /** `item/full`: a whole thread (top item and comments) in the mirror-export shape; nothing matching → `[]`. */
  full(params: ItemFullParams, options?: RequestOptions): ApiPromise<ExportItem[]> {
    return ApiPromise.attempt(() => {
      knownParams('items.full', params, FULL_KEYS);
      const key = exactlyOne('items.full', params, ['item_id', 'mid']);
      const value = (params as Record<string, unknown>)[key];
      const query =
        key === 'item_id' ? { item_id: requireId('item_id', value) } : { mid: requireText('mid', value) };
      return this.#api.read(
        'item/full',
        query,
        {
          schema: ItemFullAnswerSchema,
          subject: 'Item',
          // Validation `off` hands the answer over as sent: `[]` too.
          unwrap: (answer) => (Array.isArray(answer) ? [] : answer.item),
          shape: 'array',
        },
        options,
      );
    });
  }
}

/** The form fields; never anything not listed (the hub's `dropitems` deletes items). */
function itemFields(params: ItemUpdateParams, hasMedia: boolean): Fields {
  const body = typeof params.body === 'string' ? params.body : undefined;
  if (!hasMedia && (body === undefined || body.trim() === '')) {
    throw new ArgumentError(
      'items.update: body is required and must not be empty (the hub answers "no content")',
    );
  }
  refuseMissingTarget(params);
  if (params.parent !== undefined && params.parent_mid !== undefined) {
    throw new ArgumentError('items.update: give parent or parent_mid, not both');
  }
  const { title, coord, location, expire, mimetype, remote_xchan, consensus, nocomment, namespace } = params;
  const { remote_id, message_id, created, webpage, pagetitle, layout_mid, verb, obj_type } = params;
  return {
    body,
    title,
    contact_allow: acl(params.contact_allow),
    group_allow: acl(params.group_allow),
    contact_deny: acl(params.contact_deny),
    group_deny: acl(params.group_deny),
    ...{ coord, location, expire, mimetype, remote_xchan, consensus, nocomment, namespace, remote_id },
    ...{ created, webpage, pagetitle, layout_mid, verb, obj_type },
    message_id: optionalText('message_id', message_id),
    parent: requireId('parent', params.parent, false),
    parent_mid: optionalText('parent_mid', params.parent_mid),
    post_id: requireId('post_id', params.post_id, false),
    source: params.source ?? params.app,
    permalink: params.permalink ?? params.plink,
    category: Array.isArray(params.category)
      ? params.category.join(',')
      : (params.category as string | undefined),
  };
}

/**
 * `parent`, `parent_mid` or `post_id` given but `undefined` (or `NaN`, `null`, …): the caller meant a
 * reply or an edit, but the hub, sent nothing, would publish a new post — public, when the channel's
 * default is. Typical cause: `parent: post.id` of a stream item, which has no `id`.
 */
function refuseMissingTarget(params: ItemUpdateParams): void {
  const given: Record<string, unknown> = { ...params };
  const unusable = (['parent', 'parent_mid', 'post_id'] as const).find(
    (key) =>
      Object.hasOwn(given, key) &&
      (key === 'parent_mid'
        ? given[key] === undefined
        : !(Number.isSafeInteger(given[key]) && (given[key] as number) > 0)),
  );
  if (unusable) {
    throw new ArgumentError(
      `items.update: ${unusable} is ${describe(given[unusable])}: the hub would publish a new post instead of ${unusable === 'post_id' ? 'an edit' : 'a reply'}. Reply to any item (stream items have no id) with items.reply(item, { body })`,
    );
  }
}

function describe(value: unknown): string {
  return typeof value === 'number' || value === undefined || value === null ? String(value) : typeof value;
}

/** `name[]` fields; an empty list as one empty field, which the hub reads as "no restriction". */
function acl(list: AclList | undefined): string | readonly string[] | undefined {
  return Array.isArray(list) && list.length === 0 ? '' : list;
}

function mediaBlob(media: MediaUpload | undefined): Blob | undefined {
  if (media === undefined || media instanceof Blob) return media;
  if (media instanceof ArrayBuffer) return new Blob([media]);
  if (media instanceof Uint8Array) return new Blob([media.slice()]);
  throw new ArgumentError('items.update: media must be a Blob, a File, a Uint8Array or an ArrayBuffer');
}

export type { ItemUpdateAnswer } from '../stored-item.js';
