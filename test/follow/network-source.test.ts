import { describe, expect, it } from 'vitest';
import { hash53 } from '../../src/core/base/hash53.js';
import { ValidationError } from '../../src/core/errors/index.js';
import {
  EDGE_SIZE,
  itemHash,
  type NetworkCursor,
  networkCursor,
} from '../../src/native/follow/network-cursor.js';
import { MAX_WALK_ITEMS, NetworkSource, type StreamPage } from '../../src/native/follow/network-source.js';
import type { StreamItem } from '../../src/schemas/index.js';
import { memoryHub } from './memory-hub.js';

// The network source on its own, against a hub in memory: each poll's requests, what it yields,
// the cursor after each item, and the checks that catch a hub that ignores since_id or start.

const hashOf = (mid: string) => hash53(mid).toString(36);
const bodies = (items: readonly StreamItem[]) => items.map((item) => (item as { body: string }).body);

/** Polls from `cursor` until a poll finds nothing, as the loop does: every item, in order. */
async function drain(source: NetworkSource, cursor: NetworkCursor, polls = 20) {
  const yielded: string[] = [];
  let from = cursor;
  for (let poll = 0; poll < polls; poll++) {
    const result = await source.poll(from, undefined);
    yielded.push(...bodies(result.items));
    from = result.next;
    if (result.items.length === 0) return { yielded, cursor: from };
  }
  throw new Error('still finding items');
}

/** A source of `pageSize` on an in-memory hub with one old item, started (the cursor after it). */
async function started(pageSize: number, options?: Parameters<typeof memoryHub>[0]) {
  const hub = memoryHub(options);
  hub.burst(1, 'old');
  const source = new NetworkSource(hub.page, hub.thread, pageSize);
  return { hub, source, from: await source.start(undefined) };
}

describe('NetworkSource.start', () => {
  it('an empty stream: a cursor at row 0, one request', async () => {
    const hub = memoryHub();
    const cursor = await new NetworkSource(hub.page, hub.thread, 3).start(undefined);
    expect(cursor).toEqual(networkCursor(0, 0, []));
    expect(hub.asked).toEqual(['stream 0+3']);
  });

  it('after the newest item: its row id, and the first page remembered oldest first', async () => {
    const hub = memoryHub();
    hub.burst(5, 'p');
    const cursor = await new NetworkSource(hub.page, hub.thread, 3).start(undefined);
    // p4 is the newest (highest id in one second), row 104.
    expect(cursor).toEqual(networkCursor(104, 0, ['p2', 'p3', 'p4'].map(hashOf)));
    expect(hub.asked).toEqual(['stream 0+3', 'full p4']);
  });

  it('no row id to be had: every item there counts as yielded (skip), nothing old yielded later', async () => {
    const hub = memoryHub();
    hub.burst(7, 'p');
    const source = new NetworkSource(hub.page, async () => [], 3);
    const cursor = await source.start(undefined);
    expect(cursor.after).toBe(0);
    expect(cursor.skip).toBe(7);
    expect(cursor.edge).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map(hashOf));
    expect((await source.poll(cursor, undefined)).items).toEqual([]);
    hub.burst(1, 'later');
    expect(bodies((await source.poll(cursor, undefined)).items)).toEqual(['later0']);
  });
});

describe('NetworkSource.poll', () => {
  it('nothing new: no items, the cursor as it was, no "more", one request', async () => {
    const hub = memoryHub();
    hub.burst(2, 'old');
    const source = new NetworkSource(hub.page, hub.thread, 3);
    const from = await source.start(undefined);
    hub.asked.length = 0;
    const result = await source.poll(from, undefined);
    expect(result).toMatchObject({ items: [], next: from, more: false });
    expect(result.cursorAfter(0)).toBe(from);
    expect(hub.asked).toEqual([`stream 0+3 since ${from.after}`]);
  });

  it('new items oldest first; next: the newest row id, skip 0, their hashes; "more" only past a page', async () => {
    const { hub, source, from } = await started(3);
    hub.burst(2, 'a');
    const short = await source.poll(from, undefined);
    expect(bodies(short.items)).toEqual(['a0', 'a1']);
    expect(short.next).toEqual(networkCursor(102, 0, ['a0', 'a1'].map(hashOf)));
    expect(short.more).toBe(false);
    hub.burst(3, 'b');
    const full = await source.poll(short.next, undefined);
    expect(bodies(full.items)).toEqual(['b0', 'b1', 'b2']);
    expect(full.more).toBe(true);
    expect(full.cursorAfter(2)).toBe(full.next);
  });

  it('the cursor after each item: resumed from it, exactly the items after it, in every order the hub picks', async () => {
    for (const unstable of [false, true]) {
      const { hub, source, from } = await started(3, { unstable });
      hub.burst(8, 's');
      hub.burst(3, 't');
      const result = await source.poll(from, undefined);
      const all = bodies(result.items);
      expect(all).toHaveLength(11);
      for (let index = 0; index < all.length; index++) {
        const cursor = result.cursorAfter(index);
        if (index < all.length - 1) {
          expect(cursor.after).toBe(from.after);
          expect(cursor.skip).toBe(index + 1);
        }
        const rest = await drain(source, cursor);
        expect(rest.yielded, `after ${index}, unstable ${unstable}`).toEqual(all.slice(index + 1));
      }
    }
  });

  it('a cursor stopped mid-poll keeps its skip when the walk lists fewer before it', async () => {
    const { hub, source, from } = await started(5);
    hub.burst(4, 'a');
    const first = await source.poll(from, undefined);
    const mid = first.cursorAfter(2);
    expect(mid.skip).toBe(3);
    const resumed = await source.poll(mid, undefined);
    expect(bodies(resumed.items)).toEqual(['a3']);
  });

  it('skip never goes back: stopped inside the settled part, the cursor keeps the skip it came with', async () => {
    const { hub, source, from } = await started(100);
    hub.burst(80, 'n');
    const result = await source.poll(networkCursor(from.after, 70, []), undefined);
    expect(result.cursorAfter(0).skip).toBe(70);
    expect(result.cursorAfter(70).skip).toBe(77);
    expect(result.cursorAfter(70).after).toBe(from.after);
    // Resumed after the first of them: the others, though they sit below the skip it keeps.
    const rest = await drain(source, result.cursorAfter(0));
    expect(rest.yielded).toEqual(Array.from({ length: 73 }, (_, index) => `n${index + 7}`));
  });

  it('items remembered in the edge are not yielded again, whatever their place', async () => {
    const { hub, source, from } = await started(10);
    hub.burst(4, 'e');
    const cursor = networkCursor(from.after, 0, [hashOf('e1'), hashOf('e3')]);
    const result = await source.poll(cursor, undefined);
    expect(bodies(result.items)).toEqual(['e0', 'e2']);
  });

  it('below skip − 64 the order is settled: yielded, without a look at the edge', async () => {
    const { hub, source, from } = await started(100);
    hub.burst(80, 'n');
    const cursor = networkCursor(from.after, 70, []);
    const result = await source.poll(cursor, undefined);
    expect(EDGE_SIZE / 2).toBe(64);
    expect(bodies(result.items)).toEqual(Array.from({ length: 74 }, (_, index) => `n${index + 6}`));
  });

  it('a poll that lists only what was yielded: since_id moves past it, nothing yielded', async () => {
    const { hub, source, from } = await started(10);
    hub.burst(3, 'y');
    const cursor = networkCursor(from.after, 0, ['y0', 'y1', 'y2'].map(hashOf));
    const result = await source.poll(cursor, undefined);
    expect(result.items).toEqual([]);
    expect(result.next).toEqual(networkCursor(103, 0, ['y0', 'y1', 'y2'].map(hashOf)));
    expect(result.more).toBe(false);
  });

  it('without row ids: since_id stays, skip counts the walk; what was listed and yielded stays had', async () => {
    const hub = memoryHub();
    hub.burst(2, 'old');
    let ids = true;
    const source = new NetworkSource(
      hub.page,
      (mid, signal) => (ids ? hub.thread(mid, signal) : Promise.resolve([])),
      10,
    );
    const from = await source.start(undefined);
    ids = false;
    hub.burst(3, 'x');
    const result = await source.poll(from, undefined);
    expect(bodies(result.items)).toEqual(['x0', 'x1', 'x2']);
    expect(result.next).toEqual(networkCursor(from.after, 3, ['x0', 'x1', 'x2'].map(hashOf)));
    expect((await source.poll(result.next, undefined)).items).toEqual([]);
    const onlyYielded = await source.poll(result.next, undefined);
    expect(onlyYielded.next).toBe(result.next);
  });

  it('one item/full per thread in a poll; the oldest checked only when it is another item than the newest', async () => {
    const { hub, source, from } = await started(10);
    const [top] = hub.burst(1, 'top');
    hub.burst(3, 'c', top);
    hub.asked.length = 0;
    await source.poll(from, undefined);
    expect(hub.asked).toEqual([`stream 0+10 since ${from.after}`, 'full top0']);
    const next = await source.poll(from, undefined);
    hub.burst(1, 'single');
    hub.asked.length = 0;
    await source.poll(next.next, undefined);
    expect(hub.asked).toEqual([`stream 0+10 since ${next.next.after}`, 'full single0']);
    hub.burst(1, 'q');
    hub.burst(1, 'r');
    hub.asked.length = 0;
    const last = (await drain(source, networkCursor(next.next.after + 1, 0, []))).yielded;
    expect(last).toEqual(['q0', 'r0']);
    expect(hub.asked.slice(0, 3)).toEqual([`stream 0+10 since ${next.next.after + 1}`, 'full r0', 'full q0']);
  });

  it('a hub that ignores since_id: the newest listed at or below it is an error on the first poll', async () => {
    const hub = memoryHub();
    hub.burst(3, 'old');
    const ignoring: StreamPage = ({ start, records }, signal) => hub.page({ start, records }, signal);
    const source = new NetworkSource(ignoring, hub.thread, 10);
    const from = await source.start(undefined);
    const error = await source.poll(from, undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe(
      `The network stream ignored since_id=${from.after} (row ${from.after} again)`,
    );
  });

  it('a hub that ignores since_id with something new: the oldest to be yielded at or below it is an error', async () => {
    const hub = memoryHub();
    hub.burst(3, 'old');
    const ignoring: StreamPage = ({ start, records }, signal) => hub.page({ start, records }, signal);
    const source = new NetworkSource(ignoring, hub.thread, 10);
    // The oldest it would yield is row 100 itself: at since_id is not past it.
    const from = networkCursor(100, 0, [hashOf('old1'), hashOf('old2')]);
    hub.burst(1, 'new');
    const error = await source.poll(from, undefined).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('The network stream ignored since_id=100 (row 100 again)');
  });

  it('from row 0: no since_id sent, nothing to check (no item/full for the oldest); every item is new', async () => {
    const hub = memoryHub();
    const source = new NetworkSource(hub.page, hub.thread, 10);
    const from = await source.start(undefined);
    hub.burst(2, 'first');
    hub.asked.length = 0;
    const result = await source.poll(from, undefined);
    expect(bodies(result.items)).toEqual(['first0', 'first1']);
    expect(hub.asked).toEqual(['stream 0+10', 'full first1']);
    expect(result.next.after).toBe(101);
  });

  it('row ids a follower can rely on: positive whole numbers (row 1 included); anything else is none', async () => {
    for (const [given, after] of [
      [1, 1],
      ['105', 105],
      [0, 0],
      [-4, 0],
      [1.5, 0],
      [true, 0],
      [null, 0],
    ] as const) {
      const hub = memoryHub();
      hub.burst(1, 'p');
      const source = new NetworkSource(
        hub.page,
        async () => [null, { message_id: 'p0', id: given }] as never,
        5,
      );
      const cursor = await source.start(undefined);
      expect(cursor.after, String(given)).toBe(after);
    }
  });

  it('an item without a thread (no message_top, an empty or a non-string one): no item/full asked', async () => {
    for (const top of [undefined, '', 5]) {
      const hub = memoryHub({ junk: { 0: { message_id: 'loose', message_top: top, body: 'loose' } } });
      const source = new NetworkSource(hub.page, hub.thread, 5);
      const result = await source.poll(networkCursor(0, 0, []), undefined);
      expect(bodies(result.items), String(top)).toEqual(['loose']);
      expect(hub.asked, String(top)).toEqual(['stream 0+5']);
      expect(result.next).toEqual(networkCursor(0, 1, [hashOf('loose')]));
    }
  });

  it('the oldest to be yielded without a row id of its own: no check to fail, the items yielded', async () => {
    const { hub, source, from } = await started(10);
    hub.burst(2, 'w');
    // The oldest new entry has no thread (so no row id); the newest has one, above since_id.
    hub.hooks.junk = { 2: { message_id: 'threadless', body: 'threadless' } };
    const result = await source.poll(from, undefined);
    expect(bodies(result.items)).toEqual(['threadless', 'w0', 'w1']);
    expect(result.next.after).toBe(102);
  });

  it('a hub that ignores start (the same window again): an error, not a loop', async () => {
    const hub = memoryHub();
    hub.burst(1, 'old');
    const ignoring: StreamPage = ({ since_id, records }, signal) =>
      hub.page({ ...(since_id === undefined ? {} : { since_id }), start: 0, records }, signal);
    const source = new NetworkSource(ignoring, hub.thread, 2);
    const from = await source.start(undefined);
    hub.burst(40, 'deep');
    await expect(source.poll(from, undefined)).rejects.toThrow(
      `The network stream ignored start (the same items again, after row ${from.after})`,
    );
  });

  it(`a stream that never ends: an error past ${MAX_WALK_ITEMS} items, not a walk that grows forever`, async () => {
    let serial = 0;
    const endless: StreamPage = async ({ records }) =>
      Array.from({ length: records }, () => {
        const mid = `m${serial++}`;
        return { message_id: mid, message_top: mid, body: mid } as unknown as StreamItem;
      });
    const source = new NetworkSource(endless, async () => [], 50);
    await expect(source.poll(networkCursor(5, 0, []), undefined)).rejects.toThrow(
      `The network stream went on past ${MAX_WALK_ITEMS} items after row 5`,
    );
    // From the top 50, 100, 200, 400 and 800; then windows of 800 starting every 400, the last at
    // 10,000 itself: the walk stops when the next would start past the bound.
    expect(serial).toBe(50 + 100 + 200 + 400 + 800 + (MAX_WALK_ITEMS / 400) * 800);
  });

  it('junk entries are skipped and cost no neighbour: null, {}, strings, entries without an id or with empty ones', async () => {
    const junk = [
      null,
      {},
      'x',
      7,
      { message_id: '' },
      { uuid: '' },
      { message_id: 5 },
      { uuid: 5 },
      { body: 'no id' },
    ];
    for (const [place, entry] of junk.entries()) {
      const { hub, source, from } = await started(2);
      hub.burst(5, 'k');
      // Only after the start: the start's edge would hide a junk entry taken for an item.
      hub.hooks.junk = { [place % 3]: entry, 4: entry };
      const { yielded } = await drain(source, from);
      expect(yielded, JSON.stringify(entry)).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
    }
  });

  it('an entry known by its message id alone, or by its uuid alone, is an item', async () => {
    const hub = memoryHub({
      junk: {
        0: { message_id: '', uuid: 'only-uuid', body: 'by uuid' },
        1: { message_id: 'only-mid', body: 'by message id' },
      },
    });
    const source = new NetworkSource(hub.page, hub.thread, 5);
    const { yielded } = await drain(source, networkCursor(0, 0, []));
    expect(yielded).toEqual(['by message id', 'by uuid']);
  });

  it('what an answer has past the records asked for is not taken (it is not in the query)', async () => {
    const { hub, from } = await started(2);
    let phantoms = 0;
    // A full answer comes with one more entry than asked for, found in no other answer.
    const padded: StreamPage = async (query, signal) => {
      const answer = await hub.page(query, signal);
      const phantom = { message_id: `phantom ${phantoms++}`, body: 'phantom' } as unknown as StreamItem;
      return answer.length >= query.records ? [...answer, phantom] : answer;
    };
    const source = new NetworkSource(padded, hub.thread, 2);
    // More than a window (16 pages of 2): the full answers that stay in the walk come padded too.
    const burst = hub.burst(40, 'g');
    const { yielded } = await drain(source, from);
    expect(yielded).toEqual(burst);
  });

  it('arrivals during a deep walk that push a whole window past it: left to the next poll, the order kept', async () => {
    const hub = memoryHub();
    const source = new NetworkSource(hub.page, hub.thread, 2);
    const from = await source.start(undefined);
    // One second each: a backlog of 60, then 50 arriving while the walk asks its first deep window.
    const old = Array.from({ length: 60 }, (_, index) => hub.burst(1, `old${index}.`)[0]);
    let arrived: string[] = [];
    hub.hooks.beforeAnswer = ({ start }) => {
      if (start !== 16 || arrived.length > 0) return;
      arrived = Array.from({ length: 50 }, (_, index) => hub.burst(1, `new${index}.`)[0] as string);
    };
    const first = await source.poll(from, undefined);
    expect(hub.asked).toContain('stream 16+32');
    expect(bodies(first.items)).toEqual(old);
    const { yielded } = await drain(source, first.next);
    expect(yielded).toEqual(arrived);
  });
});

describe('itemHash', () => {
  it('the message id, else the uuid, in base 36; anything else hashes as nothing', () => {
    expect(itemHash({ message_id: 'm', uuid: 'u' } as StreamItem)).toBe(hashOf('m'));
    expect(itemHash({ uuid: 'u' } as StreamItem)).toBe(hashOf('u'));
    expect(itemHash(null as unknown as StreamItem)).toBe(hashOf(''));
    expect(itemHash({} as StreamItem)).toBe(hashOf(''));
    expect(hashOf('m')).toMatch(/^[0-9a-z]{1,11}$/);
  });

  it('networkCursor keeps the last 128 hashes', () => {
    const edge = Array.from({ length: 130 }, (_, index) => `h${index}`);
    expect(networkCursor(1, 2, edge)).toEqual({
      v: 1,
      stream: 'network',
      after: 1,
      skip: 2,
      edge: edge.slice(2),
    });
  });
});
