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
    const site = createFakeSite();
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
});
