import { afterAll, describe, expect, it } from 'vitest';
import { AppClient, type NotificationCursor } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

// A follower killed at every step (after each request the server answered, and after each item it
// handled but before saving the cursor), then resumed from the last cursor it saved, while
// notifications keep arriving: what phpFox's marking can still cost, counted.

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

interface Run {
  handled: number[];
  lost: number[];
  /** Where the kill landed: after a request the server answered, or after an item was handled. */
  at: 'token' | 'getNewCount' | 'get' | 'first item of an answer' | 'item' | 'none';
}

/** `total` notifications, `backlog` of them unseen at the start, the others one every `every` requests. */
async function killedAt(
  kill: number,
  options: { total: number; backlog: number; every: number },
): Promise<Run> {
  const server = await startFakeServer({ envelope: '3.9' });
  servers.push(server);
  const { site } = server;
  for (const n of site.state.app.notifications) n.is_seen = true;
  const expected: number[] = [];
  const arrive = () => {
    if (expected.length < options.total) expected.push(site.addNotification({}).notification_id);
  };
  for (let i = 0; i < options.backlog; i++) arrive();
  let steps = 0;
  let requests = 0;
  const handled: number[] = [];
  let saved: NotificationCursor | undefined;
  let at: Run['at'] = 'none';
  let savedSinceGet = true;
  // One process: follows from `saved` until killed at step `killAt` or until nothing is left.
  const process = async (killAt: number) => {
    const controller = new AbortController();
    let killed = false;
    const app = await AppClient.fromKey(server.credentials.appKey, {
      baseUrl: server.appBaseUrl,
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        await answer.clone().arrayBuffer(); // the server has done its work
        if (++requests % options.every === 0) arrive();
        const method = new URL(String(input)).searchParams.get('method');
        const kind = method === 'notification.get' ? 'get' : method ? 'getNewCount' : 'token';
        if (kind === 'get') savedSinceGet = false;
        if (++steps === killAt) {
          killed = true;
          at = kind;
          controller.abort(); // the answer never reaches the process
        }
        return answer;
      },
    });
    const follow = app.notification.follow({
      interval: 1,
      signal: controller.signal,
      ...(saved ? { cursor: saved } : {}),
    });
    let idle = 0;
    const watchdog = setInterval(() => {
      if (expected.length >= options.total && site.state.app.notifications.every((n) => n.is_seen))
        if (++idle > 20) controller.abort();
    }, 5);
    try {
      for await (const notification of follow) {
        handled.push(Number(notification.notification_id));
        if (++steps === killAt) {
          killed = true;
          at = savedSinceGet ? 'item' : 'first item of an answer';
          break; // handled, but the cursor not saved
        }
        saved = follow.cursor;
        savedSinceGet = true;
      }
    } finally {
      clearInterval(watchdog);
    }
    return killed;
  };
  if (await process(kill)) await process(0);
  const got = new Set(handled);
  return { handled, lost: expected.filter((id) => !got.has(id)), at };
}

describe('app.notification.follow killed at every step', () => {
  it('loses only what a get had marked seen before any cursor knew it, and repeats only the item in flight', async () => {
    const options = { total: 14, backlog: 8, every: 3 };
    const runs: Run[] = [];
    // Under mutation testing fewer kills (the first two answers: every kind of step).
    const kills = process.env.MUTATE ? 14 : 34;
    for (let kill = 1; kill <= kills; kill++) runs.push(await killedAt(kill, options));
    const lost = runs.map((run) => run.lost.length);
    const duplicates = runs.map((run) => run.handled.length - new Set(run.handled).size);
    console.log(
      `notification kills: ${lost.reduce((a, b) => a + b)} lost of ${runs.length * options.total} over ${runs.length} kills;`,
      runs.map((run, index) => `${index + 1}:${run.at}:${lost[index]}`).join(' '),
    );
    for (const [index, run] of runs.entries()) {
      // Killed after getNewCount, or after an item whose answer a saved cursor already holds: nothing lost.
      if (run.at !== 'get' && run.at !== 'first item of an answer')
        expect(run.lost, `kill ${index + 1}`).toEqual([]);
      // Beyond the item in flight at the kill, nothing twice.
      expect(duplicates[index]).toBeLessThanOrEqual(1);
    }
    // A kill between a get and the first cursor saved after it costs at most that answer (5).
    expect(Math.max(...lost)).toBeLessThanOrEqual(5);
  }, 120_000);
});
