import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeServer } from '../../src/testing/index.js';
import { hubArrivals } from './arrivals.js';

// `npm run fuzz` only (it sets FUZZ_RUNS): a follower in a child process, SIGKILLed at random
// moments and started again from its saved cursor, while 1,000+ items arrive in same-second bursts
// (the fake orders each second differently per query, as PostgreSQL does) with junk entries in the
// stream. Nothing may be lost, and nothing repeated but the item in flight at a kill.

const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(import.meta.dirname, 'crash-soak-child.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'follow-soak-'));
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const follower of running) follower.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.FUZZ_RUNS)('network.follow crash-restart soak', () => {
  it('1,000+ items in same-second bursts with junk, 20+ SIGKILLs: none lost, none twice beyond the item in flight', async () => {
    const server = await startFakeServer();
    const { username, password } = server.credentials.channel as { username: string; password: string };
    const arrivals = hubArrivals(server.site);
    const cursorFile = path.join(dir, 'cursor.json');
    const logFile = path.join(dir, 'log.txt');
    let random = 29;
    const next = (below: number) => {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      return random % below;
    };
    const start = () =>
      new Promise<ChildProcess>((resolve, reject) => {
        const follower = spawn(
          process.execPath,
          ['--import', 'tsx', child, server.hubBaseUrl, username, password, cursorFile, logFile],
          {
            cwd: root,
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        running.add(follower);
        follower.once('exit', () => running.delete(follower));
        follower.stdout?.on('data', (data: Buffer) => {
          if (data.toString().includes('ready')) resolve(follower);
        });
        follower.on('error', reject);
        follower.on('exit', (code, signal) => {
          if (signal !== 'SIGKILL') reject(new Error(`the follower exited: ${code ?? signal}`));
        });
      });
    // The node process itself (not a wrapper that would leave it running).
    const kill = async (follower: ChildProcess) => {
      const exited = new Promise((resolve) => follower.once('exit', resolve));
      follower.kill('SIGKILL');
      await exited;
    };
    const added: string[] = [];
    let follower = await start();
    let kills = 0;
    let round = 0;
    const oldThreads = arrivals.tops();
    while (added.length < 1000 || kills < 22) {
      // A burst of 1 to 40 items in one second, a third of them comments on old threads.
      if (added.length < 1000) {
        const bodies = Array.from({ length: 1 + next(40) }, (_, index) => `soak ${added.length + index}`);
        arrivals.burst(bodies, (index) =>
          index % 3 === 0 ? oldThreads[next(oldThreads.length)] : undefined,
        );
        added.push(...bodies);
        // Junk entries somewhere in the newest 60 places, now and then.
        server.site.faults = next(3) === 0 ? { streamJunk: [next(60), next(60), next(60)] } : {};
      }
      await settle(40 + next(200));
      if (++round % 2 === 0 && kills < 24) {
        await kill(follower);
        kills++;
        follower = await start();
      }
    }
    server.site.faults = {};
    // The last follower catches up.
    const logged = () =>
      existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
    for (let waited = 0; new Set(logged()).size < added.length && waited < 20_000; waited += 50)
      await settle(50);
    await kill(follower);
    await server.close();
    const lines = logged();
    const counts = new Map<string, number>();
    for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
    const lost = added.filter((body) => !counts.has(body));
    const twice = [...counts].filter(([, count]) => count > 1);
    console.log(
      `soak: ${added.length} items, ${kills} SIGKILLs, ${lines.length} logged, ${lost.length} lost, ${twice.length} repeated`,
    );
    expect(lost).toEqual([]);
    expect([...counts.keys()].filter((body) => !added.includes(body))).toEqual([]);
    // At most the item in flight at each kill, once.
    expect(twice.every(([, count]) => count === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(kills);
  }, 180_000);
});
