import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { NativeClient } from '../../src/index.js';
import {
  createFakeSite,
  type FakeSite,
  startFakeServer,
  type TrickleArrival,
  type TrickleOptions,
} from '../../src/testing/index.js';
import { useFakeServers } from './helpers.js';

const start = useFakeServers();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a trickle to its `limit` and resolves with what arrived, in order. */
function collect(site: FakeSite, options: TrickleOptions & { limit: number }): Promise<TrickleArrival[]> {
  const arrivals: TrickleArrival[] = [];
  return new Promise((resolve) => {
    site.trickle({
      every: 1,
      ...options,
      onAdd(arrival) {
        arrivals.push(arrival);
        if (arrivals.length === options.limit) resolve(arrivals);
      },
    });
  });
}

/** What an arrival is, without the parts that depend on the clock. */
function summary(arrival: TrickleArrival): string {
  if (arrival.kind === 'notification') return `notification ${arrival.notification.message}`;
  return `${arrival.kind} ${arrival.item.mid} ${arrival.item.parent_mid} ${arrival.body}`;
}

describe('site.trickle', () => {
  it('adds the same sequence on every site of the same seed, and a different one for another seed', async () => {
    const first = (await collect(createFakeSite(), { limit: 12 })).map(summary);
    const again = (await collect(createFakeSite(), { limit: 12 })).map(summary);
    const other = (await collect(createFakeSite({ seed: 2 }), { limit: 12 })).map(summary);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(new Set(first.map((line) => line.split(' ')[0]))).toEqual(
      new Set(['post', 'comment', 'notification']),
    );
    expect(
      first.map(
        (line, index) =>
          line.includes(`(${line.split(' ')[0]} ${index + 1})`) || line.startsWith('notification'),
      ),
    ).not.toContain(false);
  });

  it('adds only the kinds asked for, in the channel asked for, some comments on old threads', async () => {
    const site = createFakeSite();
    const bob = site.state.hub.channels.find((channel) => channel.nick === 'bob');
    const seeded = new Set(site.state.hub.items.map((item) => item.row.mid));
    const arrivals = await collect(site, { limit: 20, items: false, notifications: false });
    expect(arrivals.map((arrival) => arrival.kind)).toEqual(Array(20).fill('comment'));
    const onSeeded = arrivals.filter(
      (arrival) => arrival.kind === 'comment' && seeded.has(arrival.item.parent_mid),
    );
    expect(
      new Set(onSeeded.map((arrival) => arrival.kind === 'comment' && arrival.item.parent_mid)).size,
    ).toBeGreaterThan(1);
    const bobs = await collect(site, { limit: 3, channel: 'bob', comments: false, notifications: false });
    for (const arrival of bobs) {
      const row = site.state.hub.items.find(
        (item) => arrival.kind === 'post' && item.row.id === arrival.item.id,
      )?.row;
      expect(row?.uid).toBe(bob?.channel_id);
    }
    const notes = await collect(site, { limit: 3, items: false, comments: false });
    expect(notes.map((arrival) => arrival.kind)).toEqual(['notification', 'notification', 'notification']);
  });

  it('stops on stop(), on its signal, at its limit and on reset(); nothing arrives afterwards', async () => {
    const site = createFakeSite();
    let added = 0;
    const onAdd = () => {
      added++;
    };
    const stopped = site.trickle({ every: 1, onAdd });
    expect(stopped.running).toBe(true);
    stopped.stop();
    stopped.stop();
    const controller = new AbortController();
    const aborted = site.trickle({ every: 1, onAdd, signal: controller.signal });
    controller.abort();
    const early = site.trickle({ every: 1, onAdd, signal: AbortSignal.abort() });
    const reset = site.trickle({ every: 1, onAdd });
    site.reset();
    expect([stopped, aborted, early, reset].map((trickle) => trickle.running)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // A trickle that runs to its limit, started last: when it has finished, the others had their turns.
    await collect(site, { limit: 3 });
    expect(added).toBe(0);
  });

  it('adds without an onAdd too', async () => {
    const site = createFakeSite();
    const before = site.state.hub.items.length;
    site.trickle({ every: 1, notifications: false });
    await collect(site, { limit: 3, notifications: false });
    expect(site.state.hub.items.length).toBeGreaterThanOrEqual(before + 6);
  });

  it('stops from within its own onAdd', async () => {
    const site = createFakeSite();
    let arrivals = 0;
    const trickle = site.trickle({
      every: 1,
      onAdd() {
        arrivals++;
        trickle.stop();
      },
    });
    await collect(site, { limit: 5 });
    expect([arrivals, trickle.running]).toEqual([1, false]);
  });

  it('stops when the fake server closes', async () => {
    const server = await startFakeServer();
    const trickle = server.site.trickle({ every: 60_000 });
    await server.close();
    expect(trickle.running).toBe(false);
  });

  it('delivers arrivals the SDK sees over HTTP', async () => {
    const server = await start();
    const hub = new NativeClient({ baseUrl: server.hubBaseUrl, ...server.credentials.channel });
    const [arrival] = await collect(server.site, { limit: 1, comments: false, notifications: false });
    const { items } = await hub.network.stream();
    expect(arrival?.kind === 'post' && items[0]?.message_id === arrival.item.mid).toBe(true);
  });

  it('refuses bad options before starting', () => {
    const site = createFakeSite();
    expect(() => site.trickle({ every: 0 })).toThrow(/every must be 1 to 2147483647 ms, not 0/);
    expect(() => site.trickle({ every: Number.NaN })).toThrow(/every must be/);
    expect(() => site.trickle({ limit: 1.5 })).toThrow(/limit must be a whole number/);
    expect(() => site.trickle({ items: false, comments: false, notifications: false })).toThrow(
      /nothing to add/,
    );
    expect(() => site.trickle({ channel: 'nobody' })).toThrow(/no channel nobody/);
    expect(() => site.trickle({ channel: 'carol' })).toThrow(/carol has no connection/);
    expect(() => site.trickle({ userId: 424242 })).toThrow(/no phpFox user 424242/);
    expect(() => site.trickle({ interval: 10 } as TrickleOptions)).toThrow(/trickle takes no "interval"/);
  });

  it('never keeps a Node process alive by itself', async () => {
    const script = [
      "import { createFakeSite } from './src/testing/index.ts';",
      'createFakeSite().trickle({ every: 60_000 });',
      "console.log('started');",
    ].join('\n');
    const { stdout } = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/tsx'),
      ['--eval', script],
      {
        cwd: root,
        timeout: 60_000,
      },
    );
    expect(stdout).toBe('started\n');
  }, 60_000);
});
