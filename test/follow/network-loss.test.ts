import { afterAll, describe, expect, it } from 'vitest';
import { NativeClient, type NetworkCursor, ValidationError } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { hubArrivals } from './arrivals.js';
import { startCursor, take } from './follower.js';

// What used to cost items (issue 29), over real HTTP against the fake hub, whose same-second order
// changes with `start`/`records` as PostgreSQL's does (its default).

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function fakeHub() {
  const server = await startFakeServer();
  servers.push(server);
  const client = (validation: 'strict' | 'warn' = 'strict') =>
    new NativeClient({
      baseUrl: server.hubBaseUrl,
      ...server.credentials.channel,
      validation,
      hooks: { onValidationWarning: () => {} },
    } as never);
  return { site: server.site, client, arrivals: hubArrivals(server.site) };
}

describe('junk entries in the stream', () => {
  it("'warn', pageSize 5, [17, junk×4, 12, 11, 10, junk×4, 5, 4]: every item yielded, in order", async () => {
    const { site, client, arrivals } = await fakeHub();
    const hub = client('warn');
    const cursor = await startCursor(hub, 5);
    const bodies = ['4', '5', '10', '11', '12', '17'];
    for (const body of bodies) arrivals.burst([body]);
    site.faults = { streamJunk: [1, 2, 3, 4, 8, 9, 10, 11] };
    expect((await take(hub, cursor, bodies.length, 5)).bodies).toEqual(bodies);
  });

  it("'warn', pageSize 3: one or two junk entries at every place around the page borders cost nothing", async () => {
    const { site, client, arrivals } = await fakeHub();
    const hub = client('warn');
    for (const places of [...Array.from({ length: 9 }, (_, at) => [at]), [2, 3], [5, 6], [2, 5, 8]]) {
      site.faults = {};
      const cursor = await startCursor(hub, 3);
      const bodies = Array.from({ length: 7 }, (_, index) => `${places.join('+')}: ${index}`);
      for (const body of bodies) arrivals.burst([body]);
      site.faults = { streamJunk: places };
      expect((await take(hub, cursor, bodies.length, 3)).bodies).toEqual(bodies);
    }
  });

  it("'strict': the follow ends with ValidationError, its cursor past nothing unyielded; once clean, all come", async () => {
    const { site, client, arrivals } = await fakeHub();
    const hub = client('strict');
    const cursor = await startCursor(hub, 3);
    const bodies = Array.from({ length: 7 }, (_, index) => `strict ${index}`);
    for (const body of bodies) arrivals.burst([body]);
    site.faults = { streamJunk: [2] };
    const follow = hub.network.follow({ interval: 5, pageSize: 3, cursor });
    await expect(
      (async () => {
        for await (const _ of follow) throw new Error('nothing can be yielded from a refused answer');
      })(),
    ).rejects.toBeInstanceOf(ValidationError);
    site.faults = {};
    expect((await take(hub, follow.cursor as NetworkCursor, bodies.length, 3)).bodies).toEqual(bodies);
  });
});

describe('items of one second in an order that changes with start', () => {
  it('a group of 10 in one second, pages of 3: each yielded once, stopped and resumed at every position', async () => {
    const { client, arrivals } = await fakeHub();
    const hub = client();
    const cursor = await startCursor(hub, 3);
    arrivals.burst(['before']);
    const group = Array.from({ length: 10 }, (_, index) => `same second ${index}`);
    arrivals.burst(group);
    arrivals.burst(['after']);
    const all = ['before', ...group, 'after'];
    for (let stop = 0; stop <= all.length; stop++) {
      const first = await take(hub, cursor, stop, 3);
      const rest = await take(hub, first.cursor, all.length - stop, 3);
      const seen = [...first.bodies, ...rest.bodies];
      expect(seen).toHaveLength(all.length);
      expect([...seen].sort()).toEqual([...all].sort());
      expect(seen[0]).toBe('before');
      expect(seen.at(-1)).toBe('after');
      // Nothing after the last one.
      const follow = hub.network.follow({ interval: 5, pageSize: 3, cursor: rest.cursor });
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 60);
      const more: string[] = [];
      for await (const item of hub.network.follow({
        interval: 5,
        pageSize: 3,
        cursor: follow.cursor as NetworkCursor,
        signal: controller.signal,
      }))
        more.push(item.body);
      expect(more).toEqual([]);
    }
  }, 60_000);

  it('a backlog deeper than one query (120 items, groups of 20, pages of 3), resumed every 7 items: each once', async () => {
    const { client, arrivals } = await fakeHub();
    const hub = client();
    let cursor = await startCursor(hub, 3);
    const all: string[] = [];
    for (let burst = 0; burst < 6; burst++) {
      const bodies = Array.from({ length: 20 }, (_, index) => `backlog ${burst}.${index}`);
      arrivals.burst(bodies);
      all.push(...bodies);
    }
    const seen: string[] = [];
    while (seen.length < all.length) {
      const next = await take(hub, cursor, Math.min(7, all.length - seen.length), 3);
      seen.push(...next.bodies);
      cursor = next.cursor;
    }
    expect(new Set(seen).size).toBe(all.length);
    expect([...seen].sort()).toEqual([...all].sort());
    // Burst after burst.
    const burstOf = (body: string) => Number(body.split(' ')[1]?.split('.')[0]);
    expect(seen.map(burstOf)).toEqual([...seen.map(burstOf)].sort((a, b) => a - b));
  }, 60_000);
});
