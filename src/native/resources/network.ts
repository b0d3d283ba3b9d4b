import { Follow } from '../../core/follow/follow.js';
import { FOLLOW_OPTION_KEYS, type FollowOptions, followSettings } from '../../core/follow/follow-options.js';
import { keysOf } from '../../core/options/known-keys.js';
import type { RequestOptions } from '../../core/options/options.js';
import { pageFingerprint } from '../../core/paging/page-fingerprint.js';
import { PagePromise } from '../../core/paging/page-promise.js';
import type { StreamItem } from '../../schemas/index.js';
import { knownParams, optionalCount, requireId } from '../arguments.js';
import { AbookListSchema, StreamItemListSchema } from '../envelopes.js';
import { type NetworkCursor, readNetworkCursor } from '../follow/network-cursor.js';
import { NetworkSource } from '../follow/network-source.js';
import type { NativeApi } from '../native-api.js';
import { ItemsResource } from './items.js';

/** Threads a page when `records` is not given (the hub's own page size). */
const DEFAULT_RECORDS = 10;

/** The parameters of {@link NetworkResource.stream}: filters, and where to start. */
export interface NetworkStreamParams {
  /** Only items created on or after this date-time (`Date` → UTC `YYYY-MM-DD HH:MM:SS`). */
  dbegin?: Date | string;
  /** Only items created before this date-time. */
  dend?: Date | string;
  /** Only items whose text contains this. */
  search?: string;
  /** Only items filed under this category. */
  cat?: string;
  /** `true`: only starred items. */
  star?: boolean;
  /** Only items with an id above this one. */
  since_id?: number;
  /**
   * Only items of this connection (`abook_id`). The SDK first reads the connection (`abook`) to
   * learn the channel's id, which 8.8.7 also needs as `uid` (without it the hub answers `[]`); an
   * unknown connection is a `NotFoundError` (the hub itself would fail with HTTP 500).
   */
  cid?: number;
  /**
   * The first THREAD to return, counting from 0 (the hub pages by threads, not items).
   * @default 0
   */
  start?: number;
  /**
   * Threads a page; each page holds those threads' top items AND their comments, so a page usually
   * has more items than this.
   * @default 10
   */
  records?: number;
}

/** The options of {@link NetworkResource.follow}. */
export interface NetworkFollowOptions extends FollowOptions<NetworkCursor> {
  /**
   * Items of a poll's first request (`records`, at least 2). A poll that finds more asks again from
   * the top for twice as many, up to 16 × this, so that what it yields comes from one query; a
   * deeper backlog goes on in windows of 16 × this, each overlapping the one before by half.
   * @default 50
   */
  pageSize?: number | undefined;
}

const FOLLOW_KEYS = keysOf<NetworkFollowOptions>({ ...FOLLOW_OPTION_KEYS, pageSize: true });

const STREAM_KEYS = keysOf<NetworkStreamParams>({
  dbegin: true,
  dend: true,
  search: true,
  cat: true,
  star: true,
  since_id: true,
  cid: true,
  start: true,
  records: true,
});

/** The network stream: what the channel sees from its connections. */
export class NetworkResource {
  readonly #api: NativeApi;
  constructor(api: NativeApi) {
    this.#api = api;
  }

  /**
   * `network/stream` (GET), paged by `start` + `records` threads. `await` gives the first page;
   * `for await` walks every item, one request a page, and stops on a page with fewer threads than
   * asked, an empty page or the same page again. The items are in the stream encoding: no row
   * `id` or `parent` (reply with `items.reply(item, { body })`).
   */
  stream(params: NetworkStreamParams = {}, options?: RequestOptions): PagePromise<StreamItem> {
    knownParams('network.stream', params, STREAM_KEYS);
    const first = optionalCount('start', params.start) ?? 0;
    const records = optionalCount('records', params.records, 1) ?? DEFAULT_RECORDS;
    const filters = {
      dbegin: params.dbegin,
      dend: params.dend,
      search: params.search,
      cat: params.cat,
      star: params.star,
      since_id: requireId('since_id', params.since_id, false),
      cid: requireId('cid', params.cid, false),
    };
    const spec = { schema: StreamItemListSchema, subject: 'The network stream', shape: 'array' as const };
    let owner: Promise<{ uid?: number | undefined }> | undefined;
    return new PagePromise<StreamItem>(
      async (cursor) => {
        const start = cursor as number;
        owner ??= this.#connectionOwner(filters.cid, options);
        const query = { ...filters, ...(await owner), start, records };
        const { data: items, response } = await this.#api
          .read('network/stream', query, spec, options)
          .withLazyResponse();
        const threads = new Set(items.map(threadOf)).size;
        return {
          response,
          items,
          total: 0,
          fingerprint: pageFingerprint(items, (item: StreamItem) => item.message_id),
          next: threads < records ? null : start + records,
        };
      },
      first,
      options?.signal,
    );
  }

  /**
   * Every new item of the network stream, once, for as long as you iterate: posts and comments,
   * comments on old threads included, oldest first (in the order they reached the hub). Polls
   * every `interval` (30 s), at once again after a full page, with a growing pause after failures
   * (honouring `Retry-After`); a refused login, or any failure that would recur, ends the iteration
   * with its error. `follow.cursor`, saved after any item and passed back as `cursor`, resumes with
   * no item twice and none missed. Without a cursor it starts at the newest item now: only items
   * arriving later are yielded. See the guide "Following a stream".
   *
   * ```ts
   * const follow = hub.network.follow({ cursor: await load(), signal });
   * for await (const item of follow) {
   *   await handle(item);
   *   await save(follow.cursor);
   * }
   * ```
   */
  follow(options: NetworkFollowOptions = {}): Follow<StreamItem, NetworkCursor> {
    const settings = followSettings('network.follow', options, FOLLOW_KEYS);
    const cursor = readNetworkCursor(options.cursor);
    const pageSize = optionalCount('pageSize', options.pageSize, 2) ?? 50;
    const spec = { schema: StreamItemListSchema, subject: 'The network stream', shape: 'array' as const };
    const items = new ItemsResource(this.#api);
    const request = settings.signal ? { signal: settings.signal } : {};
    // `compat=2`: the unthreaded view (`compat=1` would be the channel's own public items only).
    const source = new NetworkSource(
      (query) => this.#api.read('network/stream', { compat: 2, ...query }, spec, request),
      (mid) => items.full({ mid }, request),
      pageSize,
    );
    return new Follow(source, settings, cursor);
  }

  /** `{ uid }` for a `cid` filter: the channel that owns the connection, read from its `abook` row. */
  async #connectionOwner(
    cid: number | undefined,
    options?: RequestOptions,
  ): Promise<{ uid?: number | undefined }> {
    if (cid === undefined) return {};
    const [connection] = await this.#api.read(
      'abook',
      { abook_id: cid },
      {
        schema: AbookListSchema,
        subject: `Connection ${cid}`,
        found: (body) => isNonEmptyList(body),
        shape: 'array',
      },
      options,
    );
    return { uid: connection?.abook_channel };
  }
}

function isNonEmptyList(body: unknown): boolean {
  return Array.isArray(body) && body.length > 0;
}

/** The thread an item belongs to: its top item's message id. */
function threadOf(item: StreamItem): string {
  // In `warn`/`off` an entry may be anything the hub sent (`null`, or an item without its message
  // ids, included): it is its own thread.
  if (typeof item !== 'object' || item === null) return '';
  const { message_top, message_id, uuid } = item as Partial<StreamItem>;
  return message_top ?? message_id ?? uuid ?? '';
}
