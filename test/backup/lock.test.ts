import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockFolder } from '../../src/backup/lock.js';
import { BackupSetupError } from '../../src/backup/outcome.js';
import { scratchDir } from './support.js';

/** The pid of a process that has ended (a child run to its end). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/**
 * A lock as a killed run leaves it: a folder with its owner record (this version), or a plain file
 * (an older one, or written by hand).
 */
async function staleLock(path: string, pid: number, form: 'folder' | 'file' = 'folder'): Promise<void> {
  const owner = JSON.stringify({ pid, host: hostname(), started: new Date().toISOString(), nonce: '00' });
  if (form === 'file') return writeFile(path, owner);
  await mkdir(path);
  await writeFile(join(path, 'owner.json'), owner);
}

const BUSY = /another backup \(process \d+ on .+\) is writing to/;

describe('the backup folder lock', () => {
  it.each(['file', 'folder'] as const)(
    'over a stale lock (a %s), two runs starting at once: exactly one holds it, the other gets the lock message',
    async (form) => {
      const pid = await deadPid();
      for (let round = 0; round < 25; round++) {
        const out = await scratchDir();
        await staleLock(join(out, '.lock'), pid, form);
        const results = await Promise.allSettled([lockFolder(out), lockFolder(out)]);
        const held = results.filter((result) => result.status === 'fulfilled');
        const refused = results.filter((result) => result.status === 'rejected');
        expect(held, `round ${round}`).toHaveLength(1);
        expect(refused[0]?.reason).toBeInstanceOf(BackupSetupError);
        expect((refused[0]?.reason as Error | undefined)?.message).toMatch(BUSY);
        // Released, it can be taken again; nothing of the takeover is left.
        await held[0]?.value();
        expect(await readdir(out)).toEqual([]);
        const again = await lockFolder(out);
        await again();
      }
    },
  );

  it('a lost race is always the lock message, never a raw EEXIST', async () => {
    const out = await scratchDir();
    const releases = await Promise.allSettled(Array.from({ length: 6 }, () => lockFolder(out)));
    const held = releases.filter((result) => result.status === 'fulfilled');
    expect(held).toHaveLength(1);
    for (const result of releases) {
      if (result.status === 'rejected') expect((result.reason as Error).message).toMatch(BUSY);
    }
    await held[0]?.value();
  });

  it('takes over a takeover left by a run killed in the middle of one, and sweeps the debris', async () => {
    const pid = await deadPid();
    const out = await scratchDir();
    await staleLock(join(out, '.lock'), pid);
    await staleLock(join(out, '.lock.takeover'), pid);
    // A lock being published and one being removed when the run was killed.
    await staleLock(join(out, `.lock.${pid}-0123abcd.new`), pid);
    await staleLock(join(out, `.lock.${pid}-4567cdef.old`), pid);
    const release = await lockFolder(out);
    expect(await readdir(out)).toEqual(['.lock']);
    await release();
    expect(await readdir(out)).toEqual([]);
  });

  it('removes a takeover left by a run killed after it removed the stale lock', async () => {
    const pid = await deadPid();
    const out = await scratchDir();
    await staleLock(join(out, '.lock.takeover'), pid);
    const release = await lockFolder(out);
    expect(await readdir(out)).toEqual(['.lock']);
    await release();
  });

  it('asks the user to delete a stale lock only past two levels of stale takeovers', async () => {
    const pid = await deadPid();
    const out = await scratchDir();
    for (const name of ['.lock', '.lock.takeover', '.lock.takeover.takeover'])
      await staleLock(join(out, name), pid);
    await expect(lockFolder(out)).rejects.toThrow(
      /a backup that stopped \(process \d+\) left .*\.lock\.takeover\.takeover behind/,
    );
  });

  it('a folder that does not exist is an error of its own, not "another backup"', async () => {
    const out = join(await scratchDir(), 'missing');
    await expect(lockFolder(out)).rejects.toThrow(/ENOENT/);
  });

  it('a lock of a live process (a plain file, as written by hand) is respected', async () => {
    const out = await scratchDir();
    await writeFile(join(out, '.lock'), JSON.stringify({ pid: process.pid, host: hostname() }));
    await expect(lockFolder(out)).rejects.toThrow(BUSY);
    expect(await readdir(out)).toEqual(['.lock']);
  });
});
