import { describe, expect, it } from 'vitest';
import { type LoadedPage, Page } from '../../src/core/paging/page.js';
import { PagePromise } from '../../src/core/paging/page-promise.js';
import { NativeClient } from '../../src/index.js';
import { useLoopbackServer } from '../support/loopback.js';

/*
 * A server whose pages cycle (A, B, A, B...: a broken cursor, a hostile hub) must not make a walk
 * endless: every page of the walk is remembered (by a hash of its fingerprint), not only the one
 * before. Each walk here is stopped by an abort after far more requests than it needs, so the old
 * code (which only compared with the previous page) fails instead of hanging.
 */

const loopback = useLoopbackServer();

/** A walk over `pages` (the fingerprint of page N is `pages[N % pages.length]`), as a list method builds it. */
function cyclingList(pages: readonly string[], limit = 200) {
  const controller = new AbortController();
  let requests = 0;
  const loader = async (cursor: unknown): Promise<LoadedPage<string, unknown>> => {
    requests++;
    if (requests > limit) controller.abort(new Error(`the walk did not end after ${limit} pages`));
    controller.signal.throwIfAborted();
    const n = cursor as number;
    const name = pages[n % pages.length]!;
    return {
      response: () => ({ status: 200, headers: new Headers(), url: '', method: 'GET' }) as never,
      items: [`${name}1`, `${name}2`],
      total: 0,
      fingerprint: name,
      next: n + 1,
      pageSize: 2,
    };
  };
  return { list: new PagePromise<string>(loader, 0, controller.signal), requests: () => requests };
}

describe('a walk ends when the server goes back to a page it already sent', () => {
  it('A, B, A, B…: for await stops after B, each item once', async () => {
    const { list, requests } = cyclingList(['A', 'B']);
    const items: string[] = [];
    for await (const item of list) items.push(item);
    expect(items).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(requests()).toBe(3);
  });

  it('a longer cycle (A…E, then C again) ends toArray() at the first page seen before', async () => {
    const { list } = cyclingList(['A', 'B', 'C', 'D', 'E', 'C', 'D', 'E']);
    // The pages are A B C D E C D E…: the walk ends at the second C.
    const items = await list.toArray();
    expect(items).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'D1', 'D2', 'E1', 'E2']);
  });

  it('pages stay immutable: a second walk from the same first page sees the same pages', async () => {
    const { list } = cyclingList(['A', 'B', 'C']);
    const first = await list;
    const once = await list.toArray();
    const again = await list.toArray();
    expect(again).toEqual(once);
    const second = await first.nextPage();
    expect(second?.items).toEqual(['B1', 'B2']);
    expect(await (await second?.nextPage())?.nextPage()).toBeNull();
  });

  it('a cycle that starts past what is remembered exactly still ends the walk (memory stays bounded)', async () => {
    // 10,000 pages are remembered exactly; this cycle of 7 starts after 10,050 distinct pages.
    const distinct = Array.from({ length: 10_050 }, (_, n) => `P${n}-`);
    const cycle = ['X', 'Y', 'Z', 'U', 'V', 'W', 'T'];
    const fingerprintOf = (n: number) =>
      n < distinct.length ? distinct[n]! : cycle[(n - distinct.length) % 7]!;
    let requests = 0;
    const loader = async (cursor: unknown): Promise<LoadedPage<string, unknown>> => {
      requests++;
      if (requests > 20_000) throw new Error('the walk did not end');
      const n = cursor as number;
      return {
        response: () => ({}) as never,
        items: [fingerprintOf(n)],
        total: 0,
        fingerprint: fingerprintOf(n),
        next: n + 1,
      };
    };
    const pages = new PagePromise<string>(loader, 0).pages();
    let count = 0;
    for await (const page of pages) {
      expect(page).toBeInstanceOf(Page);
      count++;
    }
    expect(count).toBeGreaterThanOrEqual(distinct.length + cycle.length);
    // Brent's check, started where exact memory ends (10,000 pages), recognises the cycle within
    // about twice its distance from there plus its length: 50 distinct pages, 7 in the cycle.
    expect(count).toBeLessThan(10_000 + 2 * (50 + 7) + 2 * 7);
  });
});

describe('over HTTP: files.list against a hub whose start cursor cycles', () => {
  it('walks each page once and stops', async () => {
    const records = (names: string[]) =>
      names.map((name, n) => ({ hash: `${name}-hash`, filename: name, id: n + 1 }));
    const pageA = records(['a1', 'a2']);
    const pageB = records(['b1', 'b2']);
    const controller = new AbortController();
    const baseUrl = await loopback.serve((request, response) => {
      if (loopback.state.hits > 50) controller.abort(new Error('the walk did not end'));
      const start = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('start'));
      // start=0 → A, start=2 → B, start=4 → A again, ...
      const results = (start / 2) % 2 === 0 ? pageA : pageB;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: true, results, start, records: 2 }));
    });
    const hub = new NativeClient({ baseUrl, username: 'alice', password: 'pw', validation: 'off' });
    const files = await hub.files.list({ records: 2 }, { signal: controller.signal }).toArray();
    expect(files.map((file) => file.filename)).toEqual(['a1', 'a2', 'b1', 'b2']);
    // A, B, then A again: the repeat makes the walk read the whole list once (the hub's files of
    // one second come in a new order on each page: issue 41) and take what it had not yet seen.
    expect(loopback.state.hits).toBe(4);
  });
});
