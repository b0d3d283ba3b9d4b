import { hash53 } from '../../core/base/hash53.js';
import type { HubCall } from './endpoint.js';
import { encodeItem } from './item-encode.js';
import type { HubItem } from './item-row.js';

/** PHP's truthiness of a request value: absent, `""` and `"0"` are false. */
export function phpTruthy(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0';
}

/**
 * network/stream with `compat` (8.8.7 `items_fetch`, "New Item View"): every item unthreaded, top
 * items and comments alike, `ORDER BY received DESC`, `LIMIT records OFFSET start` counting ITEMS
 * (or 10 a `page`). `compat=1` exactly lists only the channel's own public items (the hub replaces
 * its whole filter, `since_id` and `cat` included, by `author_xchan = channel and item_private = 0`);
 * any other true value keeps the normal filter: the items of the threads whose top is visible,
 * `since_id` (row id), `cat`, `search`. `dbegin`/`dend` filter `created`. PostgreSQL returns items
 * received in the same second in an order that changes with the query's `LIMIT`/`OFFSET`: so does
 * this fake (`sameSecondOrder: 'unstable'`, the default), or newest id first (`'by-id'`). Junk
 * entries (`faults.streamJunk`) take their slots before the list is cut into the page.
 */
export function unthreadedStream(call: HubCall, keep: (item: HubItem, top: HubItem) => boolean): unknown[] {
  const { params, runtime, channel } = call;
  const mine = runtime.hub.items.filter(
    (item) => item.row.uid === channel.channel_id && item.row.item_type === 0,
  );
  const tops = new Map(
    mine
      .filter(({ row }) => row.item_thread_top === 1 && row.item_hidden === 0 && row.item_deleted === 0)
      .map((top) => [top.row.id, top]),
  );
  const ownOnly = params.int('compat') === 1;
  const list = mine.filter((item) => {
    if (ownOnly) return item.row.author_xchan === channel.hash && item.row.item_private === '0';
    const top = tops.get(item.row.parent);
    if (top === undefined || !keep(item, top)) return false;
    return !(params.has('since_id') && params.int('since_id') > 0 && item.row.id <= params.int('since_id'));
  });
  const records = params.int('records');
  const start = Math.max(params.int('start'), 0);
  const page = Math.max(params.int('page'), 1);
  const paged = params.has('start') && params.has('records');
  // PostgreSQL's sort of a LIMIT/OFFSET query mixes ties its own way for each query shape.
  const shape = paged ? `${start}:${records}` : `page ${page}`;
  const tie =
    runtime.options.sameSecondOrder === 'by-id'
      ? (item: HubItem) => item.row.id
      : (item: HubItem) => hash53(`${shape}:${item.row.id}`);
  list.sort((a, b) => b.row.received.localeCompare(a.row.received) || tie(b) - tie(a));
  const entries = withJunk(list, runtime.faults.current.streamJunk);
  const listed = paged
    ? entries.slice(start, start + Math.max(records, 0))
    : entries.slice((page - 1) * 10, page * 10);
  // Only the page is encoded (a junk entry is none of the items).
  const items = new Set<unknown>(list);
  return listed.map((entry) => (items.has(entry) ? encodeItem(runtime.hub, entry as HubItem, false) : entry));
}

/** What a hub that cannot encode some rows lists: `null`, `{}`, `"x"` and an item without ids, in turn. */
const JUNK: readonly unknown[] = [null, {}, 'x', { body: 'a row without message_id or uuid' }];

function withJunk(entries: readonly unknown[], places: readonly number[] | undefined): readonly unknown[] {
  if (!places?.length) return entries;
  const listed = [...entries];
  [...new Set(places)]
    .filter((place) => Number.isInteger(place) && place >= 0)
    .sort((a, b) => a - b)
    .forEach((place, index) => {
      listed.splice(Math.min(place, listed.length), 0, JUNK[index % JUNK.length]);
    });
  return listed;
}
