import { afterAll, describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, type NotificationCursor } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function fakeApp() {
  const server = await startFakeServer({ envelope: '3.9' });
  servers.push(server);
  const { site, credentials } = server;
  const userId = credentials.appUserId;
  const app = await AppClient.fromKey(credentials.appKey, { baseUrl: server.appBaseUrl });
  let nextId = Math.max(0, ...site.state.app.notifications.map((n) => n.notification_id)) + 1;
  const template = site.state.app.notifications.find((n) => n.user_id === userId);
  if (!template) throw new Error('no seeded notification');
  /** A notification for the app's user, as phpFox stores one (unseen). */
  const notify = (message: string) => {
    const id = nextId++;
    site.state.app.notifications.push({
      ...template,
      notification_id: id,
      message,
      is_seen: false,
      time_stamp: Math.max(...site.state.app.notifications.map((n) => n.time_stamp)) + 60,
    });
    return id;
  };
  const unseen = () => site.state.app.notifications.filter((n) => n.user_id === userId && !n.is_seen);
  const gets = () => site.requests.filter((r) => /method=notification\.get(&|$)/.test(r.url)).length;
  return { server, site, app, notify, unseen, gets };
}

describe('app.notification.follow over real HTTP (phpFox 3.9)', () => {
  it('yields the unseen ones, then every new one, each once across restarts; fetches only when asked', async () => {
    const { app, notify, unseen, gets } = await fakeApp();
    for (const message of ['x1', 'x2', 'x3']) notify(message);
    const initiallyUnseen = unseen().map((n) => n.message);
    expect(initiallyUnseen.length).toBeGreaterThan(5); // more than one answer holds
    const expected = [...initiallyUnseen];
    const seen: string[] = [];
    let cursor: NotificationCursor | undefined;
    let round = 0;
    while (seen.length < initiallyUnseen.length + 30) {
      round++;
      const follow = app.notification.follow({
        interval: 5,
        ...(cursor ? { cursor: JSON.parse(JSON.stringify(cursor)) } : {}),
      });
      let taken = 0;
      for await (const notification of follow) {
        seen.push(notification.message);
        taken++;
        // New ones arrive while following; stop after 3 (in the middle of an answer of 5).
        if (taken === 2) {
          for (let i = 0; i < 4; i++) {
            expected.push(`new ${round}.${i}`);
            notify(`new ${round}.${i}`);
          }
        }
        if (taken === 3) break;
      }
      cursor = follow.cursor;
      const before = gets();
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(gets()).toBe(before); // nothing fetched while nobody asks
    }
    // Drain what is left.
    const follow = app.notification.follow({ interval: 5, cursor: cursor as NotificationCursor });
    for await (const notification of follow) {
      seen.push(notification.message);
      if (seen.length === expected.length) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...expected].sort());
  }, 60_000);

  it('recovers notifications a process fetched (so marked seen) but never yielded', async () => {
    const { app, notify, unseen } = await fakeApp();
    // Drain the seeded ones.
    const first = app.notification.follow({ interval: 5 });
    let count = unseen().length;
    for await (const _ of first) if (--count === 0) break;
    const a = notify('a');
    notify('b');
    notify('c');
    // A process takes `a` (its answer held a, b, c: all marked seen), saves the cursor and dies.
    const dying = app.notification.follow({ interval: 5, cursor: first.cursor as NotificationCursor });
    let saved: NotificationCursor | undefined;
    for await (const n of dying) {
      expect(n.notification_id).toBe(a);
      saved = dying.cursor;
      break;
    }
    expect(unseen()).toHaveLength(0);
    // The next process resumes: b and c come back through phpFox's fill-up with seen ones.
    const rest: string[] = [];
    for await (const n of app.notification.follow({ interval: 5, cursor: saved as NotificationCursor })) {
      rest.push(n.message);
      if (rest.length === 2) break;
    }
    expect(rest).toEqual(['b', 'c']);
  });

  it('a follow started without a cursor never yields the seen ones its first answers filled up with', async () => {
    const { app, site, notify } = await fakeApp();
    for (const n of site.state.app.notifications) n.is_seen = true;
    const unseen = [notify('u1'), notify('u2')];
    const follow = app.notification.follow({ interval: 5 });
    const bodies: string[] = [];
    for await (const n of follow) {
      bodies.push(n.message);
      if (bodies.length === 2) {
        // The next answers fill up with u1, u2 and the seen ones from before the follow: only new ones come.
        notify('n1');
        notify('n2');
      }
      if (bodies.length === 4) break;
    }
    expect(unseen).toHaveLength(2);
    expect(bodies).toEqual(['u1', 'u2', 'n1', 'n2']);
  });

  it('does not call notification.get while nothing is unseen', async () => {
    const { app, unseen, gets, site } = await fakeApp();
    for (const n of site.state.app.notifications) n.is_seen = true;
    expect(unseen()).toHaveLength(0);
    const controller = new AbortController();
    let answers = 0;
    const follow = app.notification.follow({ interval: 5, signal: controller.signal });
    const done = (async () => {
      for await (const _ of follow) throw new Error('nothing is new');
    })();
    const start = site.requests.length;
    while (site.requests.length - start < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    answers = gets();
    controller.abort();
    await done;
    expect(answers).toBe(0);
  });

  it('refuses a cursor of another stream', async () => {
    const { app } = await fakeApp();
    expect(() =>
      app.notification.follow({ cursor: { v: 1, stream: 'network', after: 0, skip: 0, edge: [] } as never }),
    ).toThrow(ArgumentError);
  });
});
