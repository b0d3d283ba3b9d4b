import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { hubArrivals } from './arrivals.js';

/** The fake's network/stream?compat, as 8.8.7 answered it live (docs/server-behaviour.md). */
describe('fake hub: network/stream with compat', () => {
  async function stream(site: ReturnType<typeof createFakeSite>, query: string) {
    const { username, password } = site.credentials.channel as { username: string; password: string };
    const response = await site.handler(
      new Request(`${site.url}api/z/1.0/network/stream?${query}`, {
        headers: { authorization: `Basic ${btoa(`${username}:${password}`)}` },
      }),
    );
    return (await response.json()) as {
      body: string;
      message_id: string;
      message_top: string;
      author: { address: string };
    }[];
  }

  it('compat=2: every item unthreaded, newest arrival first, start/records counting items, since_id per item', async () => {
    const site = createFakeSite({ sameSecondOrder: 'by-id' });
    const arrivals = hubArrivals(site);
    const old = arrivals.tops().at(-1);
    arrivals.burst(['p1', 'p2']);
    arrivals.burst(['c1'], () => old);
    const all = await stream(site, 'compat=2&start=0&records=100');
    expect(all.slice(0, 3).map((item) => item.body)).toEqual(['c1', 'p2', 'p1']);
    expect(all.some((item) => item.message_id !== item.message_top)).toBe(true); // comments too
    const window = await stream(site, 'compat=2&start=1&records=2');
    expect(window.map((item) => item.body)).toEqual(['p2', 'p1']);
    const page2 = await stream(site, 'compat=2&page=2');
    expect(page2.map((item) => item.body)).toEqual(all.slice(10, 20).map((item) => item.body));
    // The threaded stream would not list the comment on the old thread first, nor alone.
    const threaded = await stream(site, 'start=0&records=1');
    expect(threaded.map((item) => item.body)).not.toEqual(['c1']);
  });

  it('compat=1: only the channel own public items, since_id ignored', async () => {
    const site = createFakeSite();
    hubArrivals(site).burst(['by bob']);
    const own = await stream(site, 'compat=1&start=0&records=100&since_id=999999');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((item) => item.author.address.startsWith('alice@'))).toBe(true);
  });

  it("same-second items in an order that changes with start and records (the default, as PostgreSQL's)", async () => {
    const site = createFakeSite();
    const arrivals = hubArrivals(site);
    arrivals.burst(['older']);
    const group = Array.from({ length: 12 }, (_, index) => `s${index}`);
    arrivals.burst(group);
    const bodies = async (query: string) => (await stream(site, query)).map((item) => item.body);
    const whole = await bodies('compat=2&start=0&records=13');
    expect(whole.slice(0, 12).sort()).toEqual([...group].sort());
    expect(whole[12]).toBe('older');
    // The same query, the same answer; other windows, other orders: pages of 4 skip some and repeat others.
    expect(await bodies('compat=2&start=0&records=13')).toEqual(whole);
    const paged = [
      ...(await bodies('compat=2&start=0&records=4')),
      ...(await bodies('compat=2&start=4&records=4')),
      ...(await bodies('compat=2&start=8&records=4')),
    ];
    expect(new Set(paged).size).toBeLessThan(12);
  });

  it('faults.streamJunk: junk entries take slots at the places given', async () => {
    const site = createFakeSite({ faults: { streamJunk: [1, 2, 3, 4] } });
    const entries = (await stream(site, 'compat=2&start=0&records=6')) as unknown[];
    expect(entries.slice(1, 5)).toEqual([null, {}, 'x', { body: 'a row without message_id or uuid' }]);
    expect(typeof (entries[0] as { message_id: string }).message_id).toBe('string');
    expect(typeof (entries[5] as { message_id: string }).message_id).toBe('string');
  });
});
