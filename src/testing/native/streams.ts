import { parseDateParam, sqlDate } from '../http/dates.js';
import type { HubCall } from './endpoint.js';
import { encodeItem, rowAnswer } from './item-encode.js';
import type { HubItem } from './item-row.js';
import { createItem } from './items.js';
import { emptyJson, json, serverError } from './reply.js';
import { phpTruthy, unthreadedStream } from './stream-unthreaded.js';

/** The threads of the channel's tables: each top item followed by its comments (oldest first). */
function threads(call: HubCall, filter: (top: HubItem) => boolean): HubItem[][] {
  const mine = call.runtime.hub.items.filter((item) => item.row.uid === call.channel.channel_id);
  return mine
    .filter((item) => item.row.item_thread_top === 1 && item.row.item_hidden === 0 && filter(item))
    .map((top) => [
      top,
      ...mine
        .filter((item) => item.row.parent === top.row.id && item !== top)
        .sort((a, b) => a.row.created.localeCompare(b.row.created) || a.row.id - b.row.id),
    ]);
}

/**
 * channel/stream. GET: the channel's wall since `mindate` (default: 14 days ago), oldest thread
 * first, flat. POST creates an item, even without any field: `{success, item_id, activity}`.
 */
export function channelStream(call: HubCall): Response {
  const { runtime } = call;
  if (call.method === 'POST') {
    const now = sqlDate(runtime.options.now());
    const item = createItem(call, call.params.get('body') ?? '', [], undefined, now);
    Object.assign(item.row, { item_wall: 0, item_unseen: 1 });
    return json({ success: true, item_id: item.row.id, activity: rowAnswer(item, false) });
  }
  const fortnight = sqlDate(new Date(runtime.options.now().getTime() - 14 * 86_400_000));
  const mindate = parseDateParam(call.params.get('mindate')) ?? fortnight;
  const list = threads(call, (top) => top.row.item_wall === 1 && top.row.created >= mindate).sort(
    ([a], [b]) =>
      (a?.row.created ?? '').localeCompare(b?.row.created ?? '') || (a?.row.id ?? 0) - (b?.row.id ?? 0),
  );
  return json(list.flat().map((item) => encodeItem(runtime.hub, item, false)));
}

/**
 * network/stream (GET only; any other method: an empty answer). With `compat`: unthreaded (see
 * `unthreadedStream`). Else threads by latest activity,
 * 10 a page (`page`, 1-based), or `start` + `records` threads when both are given; filters
 * `dbegin`, `dend`, `search` (top item body), `cat`, `star`, `since_id`, `cid` (an abook id, which
 * works only with `uid` = the channel's id, as on 8.8.7).
 */
export function networkStream(call: HubCall): Response {
  if (call.method !== 'GET' && call.method !== 'HEAD') return emptyJson();
  const { params, runtime } = call;
  const dbegin = parseDateParam(params.get('dbegin'));
  const dend = parseDateParam(params.get('dend'));
  const search = params.get('search') ?? '';
  const cat = params.get('cat') ?? '';
  const contact = params.has('cid')
    ? runtime.hub.abooks.find(
        (a) => a.abook_id === params.int('cid') && a.abook_channel === call.channel.channel_id,
      )
    : undefined;
  if (params.has('cid')) {
    // 8.8.7: an unknown `cid` is an uncaught TypeError (HTTP 500), and a known one filters on a
    // `uid` request parameter that the API never sets: without `uid=<channel_id>` the answer is [].
    if (!contact) return serverError();
    if (params.int('uid') !== call.channel.channel_id) return json([]);
  }
  if (phpTruthy(params.get('compat'))) {
    // Unthreaded: the dates, search and category apply to each item; star and contact to its thread.
    const listed = unthreadedStream(call, ({ row, terms }, top) => {
      if (dbegin !== undefined && row.created < dbegin) return false;
      if (dend !== undefined && row.created > dend) return false;
      if (search !== '' && !row.body.includes(search)) return false;
      if (cat !== '' && !terms.some((term) => term.ttype === 3 && term.term === cat)) return false;
      if (params.int('star') && !top.row.item_starred) return false;
      const who = contact?.abook_xchan;
      return !(params.has('cid') && top.row.owner_xchan !== who && top.row.author_xchan !== who);
    });
    return json(listed);
  }
  const list = threads(call, ({ row, terms }) => {
    if (dbegin !== undefined && row.created < dbegin) return false;
    if (dend !== undefined && row.created > dend) return false;
    if (search !== '' && !row.body.includes(search) && !row.title.includes(search)) return false;
    if (cat !== '' && !terms.some((term) => term.ttype === 3 && term.term === cat)) return false;
    if (params.int('star') && !row.item_starred) return false;
    if (params.has('since_id') && row.id <= params.int('since_id')) return false;
    if (
      params.has('cid') &&
      row.owner_xchan !== contact?.abook_xchan &&
      row.author_xchan !== contact?.abook_xchan
    ) {
      return false;
    }
    return true;
  }).sort(
    ([a], [b]) =>
      (b?.row.commented ?? '').localeCompare(a?.row.commented ?? '') || (b?.row.id ?? 0) - (a?.row.id ?? 0),
  );
  const records = params.int('records');
  const paged =
    params.has('start') && records > 0
      ? list.slice(Math.max(params.int('start'), 0), Math.max(params.int('start'), 0) + records)
      : list.slice((Math.max(params.int('page'), 1) - 1) * 10, Math.max(params.int('page'), 1) * 10);
  return json(paged.flat().map((item) => encodeItem(runtime.hub, item, false)));
}

/** item/full: the whole thread of a top item given by `item_id` or `mid`; else `[]`. */
export function itemFull(call: HubCall): Response {
  const { params } = call;
  const match = (item: HubItem) =>
    params.has('item_id') ? item.row.id === params.int('item_id') : item.row.mid === params.get('mid');
  if (!params.has('item_id') && !params.has('mid')) return json([]);
  const thread = threads(call, match)[0];
  if (!thread) return json([]);
  return json({ item: thread.map((item) => encodeItem(call.runtime.hub, item, true)) });
}
