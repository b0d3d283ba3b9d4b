import { afterAll, describe, expect, it } from 'vitest';
import { NativeClient, type StreamItem, ValidationError } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { hubArrivals } from './arrivals.js';

// A hub that misbehaves, over real HTTP: the fake hub behind a `fetch` that rewrites what is asked
// or answered for `network/stream` and `item/full` (everything else goes through unchanged).

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

type Rewrite = (
  url: URL,
  real: (url?: URL) => Promise<Response>,
) => Promise<Response | undefined> | undefined;

async function hostileHub(rewrite: Rewrite, options: Record<string, unknown> = {}) {
  const server = await startFakeServer();
  servers.push(server);
  let requests = 0;
  const hostileFetch: typeof fetch = async (input, init) => {
    requests++;
    const url = new URL(input instanceof Request ? input.url : String(input));
    const real = (changed = url) => fetch(changed, init);
    return (await rewrite(url, real)) ?? real();
  };
  const hub = new NativeClient({
    baseUrl: server.hubBaseUrl,
    ...server.credentials.channel,
    fetch: hostileFetch,
    ...options,
  } as never);
  return { hub, arrivals: hubArrivals(server.site), requests: () => requests };
}

const isStream = (url: URL) => url.pathname.endsWith('/network/stream');
const json = (value: unknown) =>
  new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await settle(2);
}

describe('hub.network.follow against a hub that misbehaves', () => {
  it('a hub that ignores since_id: a typed error, never the old items yielded again as new', async () => {
    const { hub, arrivals } = await hostileHub((url, real) => {
      if (!isStream(url)) return undefined;
      url.searchParams.delete('since_id');
      return real(url);
    });
    // More items than the cursor remembers (64) before the follow starts.
    for (let burst = 0; burst < 6; burst++)
      arrivals.burst(Array.from({ length: 20 }, (_, index) => `old ${burst}.${index}`));
    const yielded: string[] = [];
    const follow = hub.network.follow({ interval: 60_000 });
    await expect(
      (async () => {
        for await (const item of follow) {
          yielded.push(item.body);
          break;
        }
      })(),
    ).rejects.toBeInstanceOf(ValidationError);
    expect(yielded).toEqual([]);
  });

  it('a hub that ignores since_id, with a short stream: caught on the first poll, nothing old yielded', async () => {
    const { hub, arrivals } = await hostileHub((url, real) => {
      if (!isStream(url)) return undefined;
      url.searchParams.delete('since_id');
      return real(url);
    });
    for (const withNew of [true, false]) {
      const follow = hub.network.follow({ interval: 5, pageSize: 3 });
      const iterator = follow[Symbol.asyncIterator]();
      const first = iterator.next();
      await waitFor(() => follow.cursor !== undefined);
      // With a new item, the old ones come along (the oldest to be yielded is at or below since_id);
      // without, the newest listed is.
      if (withNew) arrivals.burst(['new one']);
      await expect(first).rejects.toBeInstanceOf(ValidationError);
    }
  });

  it('a hub that ignores start: a typed error once the walk goes deeper than one query, nothing yielded', async () => {
    const { hub, arrivals, requests } = await hostileHub((url, real) => {
      if (!isStream(url)) return undefined;
      url.searchParams.set('start', '0');
      return real(url);
    });
    const follow = hub.network.follow({ interval: 5, pageSize: 3 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    // More than 16 pages of 3 (the largest query from the top): the walk must page.
    for (let burst = 0; burst < 6; burst++)
      arrivals.burst(Array.from({ length: 10 }, (_, index) => `new ${burst}.${index}`));
    const before = requests();
    const error = await first.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/ignored start/);
    // At most an idle poll, then 2, 4, 8, 16 pages from the top and the same window again.
    expect(requests() - before).toBeLessThanOrEqual(7);
  });

  it('pages full of new items forever: the poll ends with a typed error, bounded in requests and memory', async () => {
    let template: StreamItem | undefined;
    let fresh = 0;
    let synthesized = 0;
    const { hub } = await hostileHub(async (url, real) => {
      if (!isStream(url)) return undefined;
      if (!url.searchParams.has('since_id')) {
        const answer = await real();
        template ??= ((await answer.clone().json()) as StreamItem[])[0];
        return answer;
      }
      // Past what any bounded walk would ask: a hub that failed for good (the old walk never ended).
      if (++synthesized > 3000) return new Response('gone', { status: 404 });
      const records = Number(url.searchParams.get('records'));
      return json(
        Array.from({ length: records }, () => {
          const mid = `${template?.message_id}-fresh-${++fresh}`;
          return { ...template, message_id: mid, message_top: mid, uuid: `fresh-${fresh}` };
        }),
      );
    });
    const follow = hub.network.follow({ interval: 60_000, pageSize: 10 });
    const error = await (async () => {
      for await (const _ of follow) throw new Error('a truncated walk yielded');
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/went on past 10000 items/);
    expect(synthesized).toBeLessThan(3000);
  }, 60_000);

  it("entries without a message id, null entries, in validation 'off': skipped, the real new item yielded", async () => {
    let polls = 0;
    const { hub, arrivals } = await hostileHub(
      async (url, real) => {
        if (!isStream(url) || !url.searchParams.has('since_id')) return undefined;
        const items = (await (await real()).json()) as unknown[];
        polls++;
        return json([null, {}, { body: 'no id' }, 7, ...items, { message_id: 42 }]);
      },
      { validation: 'off' },
    );
    const follow = hub.network.follow({ interval: 5 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    arrivals.burst(['real']);
    await waitFor(() => polls >= 1);
    const item = (await first).value as StreamItem;
    expect(item?.body).toBe('real');
    await iterator.return?.();
  });

  it("item/full answering nothing, or another item ('off'): no row id, the follow goes on without repeating", async () => {
    let mode: 'empty' | 'other' = 'empty';
    const { hub, arrivals } = await hostileHub(
      (url) => {
        if (!url.pathname.endsWith('/item/full')) return undefined;
        return Promise.resolve(
          json(mode === 'empty' ? [] : [{ id: 99_999_999, message_id: 'someone else' }]),
        );
      },
      { validation: 'off' },
    );
    const follow = hub.network.follow({ interval: 5 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    arrivals.burst(['one']);
    expect(((await first).value as StreamItem).body).toBe('one');
    mode = 'other';
    arrivals.burst(['two', 'three']);
    const bodies: string[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      bodies.push((next.value as StreamItem).body);
      if (bodies.length === 2) break;
    }
    expect(bodies).toEqual(['two', 'three']);
    expect(follow.cursor?.after).not.toBe(99_999_999);
  });
});

describe('hub.network.follow and an absurd Retry-After', () => {
  for (const retryAfter of ['99999999999', 'Thu, 01 Jan 1970 00:00:00 GMT', '-5', 'soon']) {
    it(`Retry-After: ${retryAfter}: no request at once after it (no timer overflow, no tight loop), and abort ends the wait`, async () => {
      const server = await startFakeServer();
      servers.push(server);
      let answered = 0;
      const hub = new NativeClient({
        baseUrl: server.hubBaseUrl,
        ...server.credentials.channel,
        retry: 0,
        hooks: { onResponse: () => answered++ },
      } as never);
      server.site.faults = { fail: [{ path: 'network/stream', status: 503, retryAfter, times: Infinity }] };
      const controller = new AbortController();
      const done = (async () => {
        for await (const _ of hub.network.follow({ interval: 60_000, signal: controller.signal })) break;
      })();
      await waitFor(() => answered >= 1);
      await settle(300);
      expect(answered).toBe(1);
      controller.abort();
      await expect(done).resolves.toBeUndefined();
    });
  }
});

describe('hub.network.follow: failed polls reported', () => {
  it('each failed poll reaches onError once, and the follow goes on after them', async () => {
    const server = await startFakeServer();
    servers.push(server);
    const errors: { status: unknown; url: string }[] = [];
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      ...server.credentials.channel,
      retry: 0,
      hooks: {
        onError: (event: { error: { status?: unknown }; url: string }) =>
          errors.push({ status: event.error.status, url: event.url }),
      },
    } as never);
    const follow = hub.network.follow({ interval: 5, maxBackoff: 20 });
    const iterator = follow[Symbol.asyncIterator]();
    const first = iterator.next();
    await waitFor(() => follow.cursor !== undefined);
    const arrivals = hubArrivals(server.site);
    server.site.faults = { fail: [{ path: 'network/stream', status: 503, times: 3 }] };
    arrivals.burst(['after three failures']);
    expect(((await first).value as StreamItem).body).toBe('after three failures');
    await iterator.return?.();
    expect(errors.map((error) => error.status)).toEqual([503, 503, 503]);
  });
});
