import { afterAll, describe, expect, it } from 'vitest';
import { NativeClient, type NetworkCursor } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { hubArrivals } from './arrivals.js';
import { startCursor, take } from './follower.js';

// What a poll of network.follow asks the hub, request by request (pinned: a walk that asked for
// other windows, skipped the since_id check or did not catch up would pass the loss tests).

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function recorded() {
  const server = await startFakeServer();
  servers.push(server);
  const asked: string[] = [];
  const hub = new NativeClient({
    baseUrl: server.hubBaseUrl,
    ...server.credentials.channel,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const query = url.searchParams;
      asked.push(
        url.pathname.endsWith('/network/stream')
          ? `stream ${query.get('start')}+${query.get('records')}${query.has('since_id') ? ' since' : ''}`
          : url.pathname.endsWith('/item/full')
            ? 'full'
            : url.pathname,
      );
      return fetch(input, init);
    },
  } as never);
  return { hub, asked, arrivals: hubArrivals(server.site) };
}

describe('network.follow: the requests of a poll', () => {
  it('from the top, twice as many each time until a short answer; one item/full when the newest and oldest share a thread', async () => {
    const { hub, asked, arrivals } = await recorded();
    const cursor = await startCursor(hub, 3);
    const [top] = arrivals.burst(['top']);
    arrivals.burst(
      Array.from({ length: 12 }, (_, index) => `c${index}`),
      () => top,
    );
    asked.length = 0;
    await take(hub, cursor, 13, 3);
    expect(asked).toEqual([
      'stream 0+3 since',
      'stream 0+6 since',
      'stream 0+12 since',
      'stream 0+24 since',
      'full',
    ]);
  });

  it('a second item/full for the oldest when it is in another thread; the next poll at once after a full first page', async () => {
    const { hub, asked, arrivals } = await recorded();
    const cursor = await startCursor(hub, 3);
    arrivals.burst(['a', 'b', 'c', 'd']);
    asked.length = 0;
    const controller = new AbortController();
    const follow = hub.network.follow({ interval: 60_000, pageSize: 3, cursor, signal: controller.signal });
    const iterator = follow[Symbol.asyncIterator]();
    for (let index = 0; index < 4; index++) await iterator.next();
    expect(asked).toEqual(['stream 0+3 since', 'stream 0+6 since', 'full', 'full']);
    // The first page was full: the follower asks again without its minute of pause.
    const next = iterator.next();
    while (asked.length < 5) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(asked[4]).toBe('stream 0+3 since');
    controller.abort();
    await next;
  });

  it('a backlog deeper than 16 pages: windows of 16 pages from half a window on, each overlapping by half', async () => {
    const { hub, asked, arrivals } = await recorded();
    const cursor = await startCursor(hub, 2);
    for (let burst = 0; burst < 5; burst++)
      arrivals.burst(Array.from({ length: 12 }, (_, index) => `deep ${burst}.${index}`));
    asked.length = 0;
    const { bodies } = await take(hub, cursor, 60, 2);
    expect(new Set(bodies).size).toBe(60);
    expect(asked.filter((entry) => entry.startsWith('stream'))).toEqual([
      'stream 0+2 since',
      'stream 0+4 since',
      'stream 0+8 since',
      'stream 0+16 since',
      'stream 0+32 since',
      'stream 16+32 since',
      'stream 32+32 since',
    ]);
  });

  it('an idle poll is one request; a poll that lists only items already yielded moves since_id past them', async () => {
    const { hub, asked, arrivals } = await recorded();
    const cursor = await startCursor(hub, 50);
    arrivals.burst(Array.from({ length: 5 }, (_, index) => `tie ${index}`));
    const follow = hub.network.follow({ interval: 5, pageSize: 50, cursor });
    const bodies: string[] = [];
    for await (const item of follow) {
      bodies.push(item.body);
      if (bodies.length === 5) break;
    }
    const after = (follow.cursor as NetworkCursor).after;
    expect(after).toBeGreaterThan(cursor.after);
    // From here on nothing is new: the polls list nothing (or only the yielded items of that second).
    asked.length = 0;
    const controller = new AbortController();
    const idle = hub.network.follow({
      interval: 5,
      pageSize: 50,
      cursor: follow.cursor as NetworkCursor,
      signal: controller.signal,
    });
    const done = (async () => {
      for await (const _ of idle) throw new Error('nothing is new');
    })();
    while (asked.length < 6) await new Promise((resolve) => setTimeout(resolve, 2));
    controller.abort();
    await done;
    expect(asked.filter((entry) => entry === 'full').length).toBeLessThanOrEqual(1);
    expect((idle.cursor as NetworkCursor).after).toBeGreaterThanOrEqual(after);
  });
});
