import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

const children: ChildProcess[] = [];

/** The example as a process against `server` (as a "real" hub), with its output so far. */
function startBot(server: FakeServer, ...args: string[]) {
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(APP|HUB)_/.test(name))),
    HUB_BASE_URL: server.hubBaseUrl,
    HUB_USER: server.credentials.channel.username,
    HUB_PASSWORD: server.credentials.channel.password,
  };
  const child = spawn(tsx, [path.join(root, 'examples/run.ts'), 'reply-bot', ...args], { cwd: root, env });
  children.push(child);
  let output = '';
  const waiters: (() => void)[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters.splice(0)) wake();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    output: () => output,
    exited,
    /** Resolves once the output matches (fails the test if the bot exits first). */
    async waitFor(pattern: RegExp) {
      while (!pattern.test(output)) {
        const woken = new Promise<void>((resolve) => waiters.push(resolve));
        const code = await Promise.race([woken.then(() => 'more' as const), exited]);
        if (code !== 'more' && !pattern.test(output)) throw new Error(`the bot exited (${code}):\n${output}`);
      }
    },
  };
}

const folders: string[] = [];
afterAll(async () => {
  // A bot still running (a failed test) must not outlive the run.
  for (const child of children) if (child.exitCode === null) child.kill();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('examples/reply-bot.ts', () => {
  it('answers each new comment on alice’s posts once, across a restart, and nothing else', async () => {
    const server = await startFakeServer();
    const folder = await mkdtemp(path.join(tmpdir(), 'reply-bot-test-'));
    folders.push(folder);
    const cursor = path.join(folder, 'cursor.json');
    const { site } = server;
    const hub = site.state.hub;
    const alice = hub.channels.find((channel) => channel.nick === 'alice');
    const threads = hub.items.filter(
      (item) => item.row.uid === alice?.channel_id && item.row.item_thread_top && !item.row.item_hidden,
    );
    const mine = threads.filter((item) => item.row.owner_xchan === alice?.hash);
    const bobsThread = threads.find((item) => item.row.owner_xchan !== alice?.hash);
    const [first, second, third] = mine;
    if (!first || !second || !third || !bobsThread) throw new Error('seeded threads missing');
    try {
      const bot = startBot(server, '--cursor', cursor, '--replies', '2', '--interval', '100');
      await bot.waitFor(/^following alice@/m);
      // Without a cursor the follow starts at the stream's end as its first request finds it.
      const started = () => site.requests.some((r) => r.url.includes('/network/stream') && r.status === 200);
      await expect.poll(started, { timeout: 60_000, interval: 20 }).toBe(true);
      const answered = [
        site.addItem({ body: 'First!', author: 'bob', parent: first.row.mid }),
        site.addItem({ body: 'Not about alice', author: 'bob', parent: bobsThread.row.mid }),
        site.addItem({ body: 'From afar', author: 'dana@social.other.example', parent: second.row.mid }),
      ];
      expect(await bot.exited).toBe(0);
      expect(bot.output()).toMatch(/stopped after 2 replies/);
      expect(JSON.parse(await readFile(cursor, 'utf8'))).toMatchObject({ v: 1 });

      // While the bot is down: two more comments for it, and alice's own, which it leaves alone.
      const later = [
        site.addItem({ body: 'While you were away', author: 'bob', parent: third.row.mid }),
        site.addItem({ body: 'Me again', author: 'bob', parent: answered[0]?.mid }),
      ];
      site.addItem({ body: 'My own note', author: 'alice', parent: first.row.mid });
      const savedBefore = await readFile(cursor, 'utf8');
      const again = startBot(server, '--cursor', cursor, '--replies', '2', '--interval', '100');
      expect(await again.exited).toBe(0);
      expect(again.output()).toMatch(
        /replied to Bob: “While you were away”[\s\S]*replied to Bob: “Me again”/,
      );
      // A bot that crashed after replying but before saving its cursor: run from the older cursor,
      // it replies again with the same message ids, and the hub keeps one reply each (issue 30).
      const itemIds = (output: string) => [...output.matchAll(/→ item (\d+)/g)].map((m) => m[1]);
      await writeFile(cursor, savedBefore);
      const replayed = startBot(server, '--cursor', cursor, '--replies', '2', '--interval', '100');
      expect(await replayed.exited).toBe(0);
      expect(itemIds(replayed.output())).toEqual(itemIds(again.output()));

      const repliesTo = (mid: string | undefined) =>
        hub.items.filter((item) => item.row.thr_parent === mid && item.row.author_xchan === alice?.hash)
          .length;
      const expected = [answered[0], answered[2], ...later].map((comment) => repliesTo(comment?.mid));
      expect(expected).toEqual([1, 1, 1, 1]);
      expect(repliesTo(answered[1]?.mid)).toBe(0);
      const ownNote = hub.items.find((item) => item.row.body === 'My own note');
      expect(repliesTo(ownNote?.row.mid)).toBe(0);
    } finally {
      await server.close();
    }
  }, 120_000);
});
