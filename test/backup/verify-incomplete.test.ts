import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VerifyEvent } from '../../src/backup/index.js';
import {
  backup,
  fakeHub,
  MiB,
  ofType,
  readManifest,
  scratchDir,
  slow,
  verify,
  watchedSite,
} from './support.js';

/** The summary of `verify --json`. */
function summaryOf(output: string) {
  const last = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as VerifyEvent;
  if (last.type !== 'summary') throw new Error(`no summary in ${output}`);
  return last;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

// Issue 40: `HUB_PASSWORD=wrong backup` exited 4 and left a folder that `verify` called verified.
describe('verify never calls a backup verified when its last run did not complete', () => {
  it('a login refused into a new folder leaves no folder behind', async () => {
    const server = await fakeHub();
    const out = join(await scratchDir(), 'b2');
    const run = await backup(server, out, [], { env: { HUB_PASSWORD: 'wrong' } });
    expect(run.code).toBe(4);
    expect(await exists(out)).toBe(false);
    // So verify has nothing to call verified.
    const none = await verify(out, []);
    expect(none.code).toBe(2);
  });

  it('a login refused into an existing folder: verify refuses it, says why and what to do (exit 3)', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    expect((await backup(server, out, [], { env: { HUB_PASSWORD: 'wrong' } })).code).toBe(4);
    // The folder was the user's: it stays, its manifest says what happened.
    expect((await readManifest(out)).lastRun).toMatchObject({
      status: 'auth-failed',
      error: expect.any(String),
    });

    const plain = await verify(out, []);
    expect(plain.code).toBe(3);
    expect(plain.output).not.toMatch(/verified:/);
    expect(plain.output).toMatch(/NO BACKUP in .*nothing was saved, its last run was refused at login/);
    expect(plain.output).toMatch(/To complete it: check --user and HUB_PASSWORD/);

    const json = summaryOf((await verify(out)).output);
    expect(json).toMatchObject({
      status: 'incomplete',
      exitCode: 3,
      lastRun: 'auth-failed',
      checked: 0,
      incomplete: { lastRun: 'auth-failed', empty: true },
    });
  });

  it('a refused run over a complete backup: the files match, but it is not called verified', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    expect((await backup(server, out)).code).toBe(0);
    expect((await verify(out, [])).code).toBe(0);
    expect((await backup(server, out, [], { env: { HUB_PASSWORD: 'wrong' } })).code).toBe(4);
    const plain = await verify(out, []);
    expect(plain.code).toBe(3);
    expect(plain.output).toMatch(
      /Backup NOT verified: its last run was refused at login.*; the \d+ files it lists match/,
    );
    // The next good run makes it verified again.
    expect((await backup(server, out)).code).toBe(0);
    expect((await verify(out, [])).code).toBe(0);
  });

  it('an interrupted run is refused until a run completes', async () => {
    const controller = new AbortController();
    let bigId = '';
    const site = watchedSite((fileId, start) => {
      if (fileId === bigId && start >= MiB) controller.abort();
    });
    bigId = site.files.big.file_id;
    const server = await fakeHub({ site });
    const out = await scratchDir();
    const first = await backup(server, out, slow, { signal: controller.signal });
    expect(first.code).toBe(130);
    const plain = await verify(out, []);
    expect(plain.code).toBe(3);
    expect(plain.output).toMatch(/Backup NOT verified: its last run was interrupted before it finished/);
    expect(plain.output).toMatch(/run "socialsite-sdk backup" again with the same --out to continue/);
    expect(summaryOf((await verify(out)).output)).toMatchObject({
      status: 'incomplete',
      lastRun: 'interrupted',
      missing: 0,
      changed: 0,
      extra: 0,
      incomplete: { empty: false },
    });
    expect(ofType((await backup(server, out)).events, 'summary')[0]?.status).toBe('complete');
    expect((await verify(out, [])).code).toBe(0);
  });

  it('a killed run (still "running"), a partial one, and an empty one never completed are refused', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    const manifest = await readManifest(out);
    const rewrite = (change: object) =>
      writeFile(join(out, 'manifest.json'), JSON.stringify({ ...manifest, ...change }));

    await rewrite({ lastRun: { startedAt: manifest.createdAt, status: 'running' } });
    const killed = await verify(out, []);
    expect(killed.code).toBe(3);
    expect(killed.output).toMatch(
      /its last run never completed \(the process was killed, or is still running\)/,
    );

    await rewrite({ lastRun: { ...manifest.lastRun, status: 'partial', error: 'listing failed' } });
    expect((await verify(out, [])).output).toMatch(/saved only part of the channel \(listing failed\)/);

    const empty = await scratchDir();
    await mkdir(join(empty, 'files'));
    await writeFile(
      join(empty, 'manifest.json'),
      JSON.stringify({
        ...manifest,
        files: [],
        export: undefined,
        folders: [],
        lastRun: { startedAt: manifest.createdAt, status: 'running' },
      }),
    );
    const nothing = await verify(empty, []);
    expect(nothing.code).toBe(3);
    expect(nothing.output).toMatch(/NO BACKUP in .*nothing was saved, its last run never completed/);
  });
});
