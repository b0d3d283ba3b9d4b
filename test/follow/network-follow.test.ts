import { afterAll, describe, expect, it } from 'vitest';
import {
  ArgumentError,
  AuthenticationError,
  NativeClient,
  type NetworkCursor,
  type StreamItem,
} from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { hubArrivals } from './arrivals.js';

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function fakeHub() {
  const server = await startFakeServer();
  servers.push(server);
  const client = (options: Partial<ConstructorParameters<typeof NativeClient>[0]> = {}) =>
    new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel, ...options } as never);
  return { server, site: server.site, client, arrivals: hubArrivals(server.site) };
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 2));
/** Under mutation testing (`MUTATE=follow npm run mutate`, each mutant runs the tests again): fewer items. */
const TOTAL = process.env.MUTATE ? 200 : 1000;

describe('hub.network.follow over real HTTP', () => {
  it('yields 1,000 items arriving in bursts larger than a page, comments on old threads included, each once across three restarts', async () => {
    const { client, arrivals } = await fakeHub();
    const oldThreads = arrivals.tops();
    const added: string[] = [];
    const burstOf = new Map<string, number>();
    let producing = true;
    let followerStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      followerStarted = resolve;
    });
    // Bursts of 7 to 37 items (pages hold 10), a third of them comments on old or recent threads.
    const producer = (async () => {
      await started;
      let burst = 0;
      while (added.length < TOTAL) {
        const size = Math.min(7 + ((burst * 13) % 31), TOTAL - added.length);
        const bodies = Array.from({ length: size }, (_, index) => `item ${added.length + index}`);
        const threads = arrivals.tops();
        arrivals.burst(bodies, (index) =>
          index % 3 === 0
            ? (index % 2 === 0 ? oldThreads : threads)[
                (burst + index) % (index % 2 === 0 ? oldThreads.length : threads.length)
              ]
            : undefined,
        );
        added.push(...bodies);
        for (const body of bodies) burstOf.set(body, burst);
        burst++;
        await nextTurn();
      }
      producing = false;
    })();

    const seen: string[] = [];
    let cursor: NetworkCursor | undefined;
    for (const stopAt of [1, 2, 3, 4].map((quarter) => (TOTAL * quarter) / 4)) {
      // A new client and a cursor that went through JSON, as after a restart.
      const follow = client().network.follow({
        interval: 5,
        pageSize: 10,
        ...(cursor ? { cursor: JSON.parse(JSON.stringify(cursor)) } : {}),
      });
      if (!cursor) {
        // Start the follower (its start position) before the first item arrives.
        const iterator = follow[Symbol.asyncIterator]();
        const first = iterator.next();
        await waitFor(() => follow.cursor !== undefined);
        followerStarted();
        const item = (await first).value as StreamItem;
        seen.push(item.body);
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          seen.push(next.value.body);
          if (seen.length >= stopAt) break;
        }
        await iterator.return?.();
      } else {
        for await (const item of follow) {
          seen.push(item.body);
          if (seen.length >= stopAt) break;
        }
      }
      cursor = follow.cursor;
    }
    await producer;
    expect(producing).toBe(false);
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
    expect([...seen].sort()).toEqual([...added].sort());
    // Oldest first, as they arrived: burst after burst (the hub orders items of one second as it likes).
    const bursts = seen.map((body) => burstOf.get(body) ?? -1);
    expect(bursts).toEqual([...bursts].sort((a, b) => a - b));

    // Nothing more comes from the last cursor.
    const controller = new AbortController();
    const last = client({ hooks: { onResponse: () => polls++ } }).network.follow({
      cursor: cursor as NetworkCursor,
      interval: 5,
      signal: controller.signal,
    });
    let polls = 0;
    const after: string[] = [];
    const done = (async () => {
      for await (const item of last) after.push(item.body);
    })();
    await waitFor(() => polls >= 3);
    controller.abort();
    await done;
    expect(after).toEqual([]);
  }, 120_000);

  it('starts at the newest item: what was there before is not yielded', async () => {
    const { client, arrivals } = await fakeHub();
    const follow = client().network.follow({ interval: 5 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    arrivals.burst(['new post']);
    expect(((await first).value as StreamItem).body).toBe('new post');
    await iterator.return?.();
  });

  it('a comment on an old thread is yielded (the threaded stream would page it away)', async () => {
    const { client, arrivals } = await fakeHub();
    const oldest = arrivals.tops().at(-1);
    const follow = client().network.follow({ interval: 5 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    arrivals.burst(['late comment'], () => oldest);
    const item = (await first).value as StreamItem;
    expect(item.body).toBe('late comment');
    expect(item.message_top).toBe(oldest?.row.mid);
    await iterator.return?.();
  });

  it('never polls earlier than a 503 Retry-After asked', async () => {
    const { server, client } = await fakeHub();
    const sent: { at: number; status: number }[] = [];
    const timedFetch: typeof fetch = async (input, init) => {
      const entry = { at: performance.now(), status: 0 };
      sent.push(entry);
      const response = await fetch(input, init);
      entry.status = response.status;
      answeredAt.set(entry, performance.now());
      return response;
    };
    const answeredAt = new Map<object, number>();
    const follow = client({ fetch: timedFetch }).network.follow({ interval: 5, maxBackoff: 10 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    // 4 answers of 503 + Retry-After: 1: the client's own 2 retries, then the follower's pause.
    server.site.faults = { fail: [{ path: 'network/stream', status: 503, retryAfter: 1, times: 4 }] };
    hubArrivals(server.site).burst(['after the outage']);
    expect(((await first).value as StreamItem).body).toBe('after the outage');
    await iterator.return?.();
    const failed = sent.filter((entry) => entry.status === 503);
    expect(failed).toHaveLength(4);
    for (const entry of failed) {
      const next = sent[sent.indexOf(entry) + 1];
      expect(next).toBeDefined();
      // Measured from when the 503 reached the client (after the server sent it): the safe side.
      // 1 ms of tolerance for timer granularity; ignoring Retry-After would poll after 5-300 ms.
      expect((next?.at ?? 0) - (answeredAt.get(entry) ?? 0)).toBeGreaterThanOrEqual(999);
    }
  }, 30_000);

  it('an abort during the pause ends the iteration at once, without an error', async () => {
    const { client } = await fakeHub();
    const controller = new AbortController();
    let answers = 0;
    const follow = client({ hooks: { onResponse: () => answers++ } }).network.follow({
      interval: 3_600_000,
      signal: controller.signal,
    });
    const done = (async () => {
      for await (const _ of follow) throw new Error('nothing should arrive');
    })();
    await waitFor(() => answers >= 3); // start (stream + item/full) and the first poll
    controller.abort();
    await expect(done).resolves.toBeUndefined();
  });

  it('an abort while a poll is in flight ends the iteration at once, without an error, and sends nothing more', async () => {
    const { client, arrivals, site } = await fakeHub();
    const controller = new AbortController();
    const follow = client().network.follow({ interval: 5, signal: controller.signal });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    // Every answer now takes a minute: the test would time out if the abort waited for it.
    site.faults = { latencyMs: 60_000 };
    arrivals.burst(['never seen']);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the poll's request is on its way
    controller.abort();
    await expect(first).resolves.toEqual({ done: true, value: undefined });
    const asked = site.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 50)); // 10 intervals
    expect(site.requests.length).toBe(asked);
  });

  it('break stops: no request after it', async () => {
    const { client, arrivals, site } = await fakeHub();
    const follow = client().network.follow({ interval: 5 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    arrivals.burst(['a', 'b', 'c']);
    expect(((await first).value as StreamItem).body).toBe('a');
    await iterator.return?.();
    const count = site.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100)); // 20 intervals
    expect(site.requests.length).toBe(count);
    // The cursor stands after `a`: resuming yields b and c.
    const rest: string[] = [];
    for await (const item of client().network.follow({
      cursor: follow.cursor as NetworkCursor,
      interval: 5,
    })) {
      rest.push(item.body);
      if (rest.length === 2) break;
    }
    expect(rest).toEqual(['b', 'c']);
  });

  it('a refused login ends the iteration with AuthenticationError after one request', async () => {
    const { client, site } = await fakeHub();
    const follow = client({ password: 'wrong' }).network.follow({ interval: 5 });
    await expect(
      (async () => {
        for await (const _ of follow) break;
      })(),
    ).rejects.toBeInstanceOf(AuthenticationError);
    expect(site.requests).toHaveLength(1);
  });

  it('refuses a malformed cursor and unknown options before any request', async () => {
    const { client, site } = await fakeHub();
    const hub = client();
    expect(() => hub.network.follow({ cursor: { v: 1, stream: 'notification' } as never })).toThrow(
      ArgumentError,
    );
    expect(() => hub.network.follow({ cursor: 'abc' as never })).toThrow(ArgumentError);
    expect(() =>
      hub.network.follow({ cursor: { v: 1, stream: 'network', after: -1, skip: 0, edge: [] } as never }),
    ).toThrow(ArgumentError);
    expect(() => hub.network.follow({ intervall: 5 } as never)).toThrow(/did you mean "interval"/);
    expect(() => hub.network.follow({ interval: 0 })).toThrow(ArgumentError);
    expect(site.requests).toHaveLength(0);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}
