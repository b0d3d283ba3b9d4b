/**
 * `backup` SIGKILLed at chosen moments, then run to its end: the folder must be complete and
 * byte-exact, its manifest right, `verify` happy, nothing left over, and nothing complete fetched
 * again. A handful of named moments run by default; `CRASH_ROUNDS=N` adds N kills spread evenly over
 * every file-system step and request of a whole run (a third of them followed by a second kill).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import {
  CRASH_ARGS,
  type CrashAt,
  changeHub,
  childBackup,
  crashHub,
  expectCompletes,
  expectManifestTrue,
  leftovers,
  racingBackups,
} from './crash-support.js';
import { backup, fakeHub, scratchDir } from './support.js';

const KILLED = { code: null, signal: 'SIGKILL' };
/** A download's bytes renamed to their final name (`.x.part -> x`). */
const FINAL_RENAME = '\\.part -> ';

const moments: [string, CrashAt[]][] = [
  ['during the file list', [{ ops: ['fetch'], match: '/files(\\?|$)', nth: 1, when: 'after' }]],
  ['in the middle of a file', [{ ops: ['fetch'], match: 'filedata', nth: 30, when: 'after' }]],
  ['right after a rename into place', [{ ops: ['rename'], match: FINAL_RENAME, nth: 4, when: 'after' }]],
  [
    'during the atomic write of the export (its copy holds the private key)',
    [{ ops: ['rename'], match: 'channel-export\\.json\\.[0-9a-f]{12}\\.tmp ->', nth: 1, when: 'before' }],
  ],
  [
    // The first manifest write: how many come before the last depends on the machine's speed.
    'during an atomic write of the manifest',
    [{ ops: ['rename'], match: 'manifest\\.json\\.[0-9a-f]{12}\\.tmp ->', nth: 1, when: 'before' }],
  ],
  [
    'twice: mid-file, then while taking over the stale lock',
    [
      { ops: ['fetch'], match: 'filedata', nth: 12, when: 'after' },
      { ops: ['rename'], match: '\\.lock\\.takeover$', nth: 1, when: 'after' },
    ],
  ],
];

describe('backup killed at any moment, then run again', () => {
  it.each(moments)(
    'killed %s',
    async (_, kills) => {
      const server = await crashHub();
      const out = await scratchDir();
      for (const crashAt of kills) {
        expect(await childBackup(server, out, crashAt), JSON.stringify(crashAt)).toEqual(KILLED);
      }
      await expectCompletes(server, out, await leftovers(server, out));
    },
    60_000,
  );

  const afterChanges: [string, CrashAt][] = [
    [
      'right after the first move into place',
      { ops: ['rename'], match: '\\.moving/[0-9a-f]{32} -> ', nth: 1, when: 'after' },
    ],
    ['between two steps of the moves', { ops: ['rename'], match: ' -> .*\\.moving/', nth: 3, when: 'after' }],
    [
      'right after the changed file is renamed into place',
      { ops: ['rename'], match: FINAL_RENAME, nth: 1, when: 'after' },
    ],
  ];
  it.each(afterChanges)(
    'after changes on the hub, killed %s',
    async (_, crashAt) => {
      const server = await crashHub();
      const out = await scratchDir();
      expect((await backup(server, out, CRASH_ARGS)).code).toBe(0);
      changeHub(server);
      expect(await childBackup(server, out, crashAt)).toEqual(KILLED);
      await expectCompletes(server, out, await leftovers(server, out));
    },
    60_000,
  );

  it('the hub replaces a file between the list and its download: killed after its rename, it is kept as the new version', async () => {
    const site = createFakeSite();
    const notes = site.state.hub.files.find((file) => file.display_path === 'Documents/notes.txt')!;
    const replaced = new TextEncoder().encode('Notes, replaced while the backup ran\n');
    const server = await fakeHub({
      site: Object.create(site, {
        handler: {
          value: (request: Request) => {
            const url = new URL(request.url);
            if (url.pathname.endsWith('/filedata') && url.searchParams.get('file_id') === notes.hash) {
              Object.assign(notes, {
                content: () => replaced,
                filesize: replaced.length,
                revision: notes.revision + 1,
                edited: '2031-01-01 00:00:00',
              });
            }
            return site.handler(request);
          },
        },
      }) as typeof site,
    });
    const out = await scratchDir();
    const crashAt: CrashAt = { ops: ['rename'], match: 'notes\\.txt\\.part -> ', nth: 1, when: 'after' };
    expect(await childBackup(server, out, crashAt)).toEqual(KILLED);
    const left = await leftovers(server, out);
    expect(left.complete.has(notes.hash)).toBe(true);
    await expectCompletes(server, out, left);
  }, 60_000);

  it("two runs starting together over a dead run's lock: one runs, the other gets the lock message", async () => {
    const server = await crashHub();
    const races = Math.max(1, Math.ceil(Number(process.env.CRASH_ROUNDS ?? 0) / 4));
    for (let race = 0; race < races; race++) {
      const out = await scratchDir();
      // A run killed mid-file: its lock and partial files stay.
      expect(
        await childBackup(server, out, { ops: ['fetch'], match: 'filedata', nth: 10, when: 'after' }),
      ).toEqual(KILLED);
      const results = await racingBackups(server, out, 3);
      for (const { code, errors } of results) {
        if (code === 0) expect(errors).toBe('');
        else {
          expect(code).toBe(1);
          // The holder named, or (caught between a takeover's rename and the new lock) not yet readable.
          expect(errors).toMatch(/another backup (\(process \d+ on .+\) is|seems to be) writing to/);
        }
      }
      expect(results.filter(({ code }) => code === 0).length).toBeGreaterThanOrEqual(1);
      await expectManifestTrue(server, out);
      await expectCompletes(server, out, await leftovers(server, out));
    }
  }, 120_000);

  const rounds = Number(process.env.CRASH_ROUNDS ?? 0);
  it.runIf(rounds > 0).each([
    ['a first run', false],
    ['a run after changes on the hub', true],
  ] as const)(
    `killed at ${rounds} moments spread over %s`,
    async (_, changes) => {
      /** A folder and a hub as the run to kill finds them. */
      const setup = async () => {
        const server = await crashHub();
        const out = await scratchDir();
        if (changes) {
          expect((await backup(server, out, CRASH_ARGS)).code).toBe(0);
          changeHub(server);
        }
        return { server, out };
      };
      // Every step such a run takes, in order, from one that is not killed.
      const trace = join(await scratchDir(), 'trace.txt');
      const traced = await setup();
      expect(await childBackup(traced.server, traced.out, undefined, { CRASH_TRACE: trace })).toEqual({
        code: 0,
        signal: null,
      });
      const steps = (await readFile(trace, 'utf8')).trimEnd().split('\n').length;
      const seen = { completeAtKill: 0, partialsAtKill: 0, secondKills: 0 };
      for (let round = 0; round < rounds; round++) {
        const { server, out } = await setup();
        const nth = Math.max(1, Math.round(((round + 0.5) * steps) / rounds));
        const when = round % 2 ? 'after' : 'before';
        const first = await childBackup(server, out, { nth, when });
        // A step at the very end may come after the run's last chance to be killed.
        if (first.signal !== 'SIGKILL') expect(first.code, `round ${round}`).toBe(0);
        if (round % 3 === 2) {
          const second = await childBackup(server, out, { nth: 1 + ((nth * 7919) % steps), when });
          if (second.signal === 'SIGKILL') seen.secondKills++;
        }
        const left = await leftovers(server, out);
        seen.completeAtKill += left.complete.size;
        seen.partialsAtKill += left.partials.size;
        await expectCompletes(server, out, left);
      }
      console.log(
        `crash sweep (${changes ? 'after changes' : 'first run'}): ${rounds} rounds over ${steps} steps`,
        seen,
      );
    },
    rounds * 30_000,
  );
});
