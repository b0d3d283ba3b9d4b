import { afterAll, describe, expect, it } from 'vitest';
import { AppClient, type Notification } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

// A phpFox that misbehaves, over real HTTP: the fake (3.9 envelope) behind a `fetch` that rewrites
// the `output` of notification.getNewCount / notification.get.

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

type Output = (method: string, output: unknown) => unknown;

async function hostilePhpFox(rewrite: Output, options: Record<string, unknown> = {}) {
  const server = await startFakeServer({ envelope: '3.9' });
  servers.push(server);
  let requests = 0;
  const hostileFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = url.searchParams.get('method');
    const answer = await fetch(input, init);
    if (!method?.startsWith('notification.')) return answer;
    requests++;
    const body = (await answer.json()) as { api: unknown; output: unknown };
    const output = rewrite(method, body.output);
    return new Response(JSON.stringify({ ...body, output }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const app = await AppClient.fromKey(server.credentials.appKey, {
    baseUrl: server.appBaseUrl,
    fetch: hostileFetch,
    ...options,
  } as never);
  return { app, requests: () => requests };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await settle(2);
}
const idsOf = (items: readonly Notification[]) => items.map((item) => Number(item.notification_id));

describe('app.notification.follow against a phpFox that misbehaves', () => {
  it('getNewCount always above 5 while get brings nothing new: the interval between polls, no tight loop', async () => {
    let first: unknown;
    const { app, requests } = await hostilePhpFox((method, output) => {
      if (method === 'notification.getNewCount') return 9;
      first ??= output;
      return first; // the same 5 every time
    });
    const controller = new AbortController();
    const yielded: Notification[] = [];
    const follow = app.notification.follow({ interval: 60_000, signal: controller.signal });
    const done = (async () => {
      for await (const item of follow) yielded.push(item);
    })();
    // The first poll (count + get) yields 5; the next, at once (5 were full), brings nothing new.
    await waitFor(() => requests() >= 4);
    await settle(300);
    const polled = requests();
    controller.abort();
    await done;
    expect(yielded).toHaveLength(5);
    // A follower that trusted "more are unseen" after a poll that brought nothing would be far past this.
    expect(polled).toBeLessThanOrEqual(4);
  });

  it('an answer with the same notification twice: yielded once', async () => {
    const { app } = await hostilePhpFox((method, output) => {
      if (method === 'notification.getNewCount') return 4;
      const [a, b] = output as unknown[];
      return [a, a, b, b];
    });
    const controller = new AbortController();
    const yielded: Notification[] = [];
    const done = (async () => {
      for await (const item of app.notification.follow({ interval: 60_000, signal: controller.signal }))
        yielded.push(item);
    })();
    await waitFor(() => yielded.length >= 2);
    await settle(200);
    controller.abort();
    await done;
    expect(yielded).toHaveLength(2);
    expect(new Set(idsOf(yielded)).size).toBe(2);
  });

  it('an answer of more than 5: cut to 5, and the cursor can always be passed back', async () => {
    const { app } = await hostilePhpFox((method, output) => {
      if (method === 'notification.getNewCount') return 12;
      const [template] = output as Record<string, unknown>[];
      return Array.from({ length: 12 }, (_, index) => ({
        ...template,
        notification_id: String(900 + index),
      }));
    });
    const follow = app.notification.follow({ interval: 60_000 });
    for await (const _ of follow) break;
    const saved = JSON.parse(JSON.stringify(follow.cursor));
    expect(saved.pending.length).toBeLessThanOrEqual(4);
    const resumed = app.notification.follow({ interval: 60_000, cursor: saved });
    for await (const _ of resumed) break;
  });

  it("entries without a numeric id, and null ones ('off'): skipped, never yielded", async () => {
    const { app } = await hostilePhpFox(
      (method, output) => {
        if (method === 'notification.getNewCount') return 5;
        const [template, real] = output as Record<string, unknown>[];
        return [
          null,
          { ...template, notification_id: 'abc' },
          { ...template, notification_id: -3 },
          'x',
          real,
        ];
      },
      { validation: 'off' },
    );
    const yielded: Notification[] = [];
    for await (const item of app.notification.follow({ interval: 60_000 })) {
      yielded.push(item);
      break;
    }
    expect(yielded).toHaveLength(1);
    expect(Number(yielded[0]?.notification_id)).toBeGreaterThan(0);
  });
});
