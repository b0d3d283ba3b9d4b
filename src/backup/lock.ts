import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { readTextFile } from '../node/fs/index.js';
import { LOCK_FILE } from './layout.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';

/*
 * Why the lock looks like this. Node has no flock(), so the lock is a file-system object whose
 * existence means "held". Two operations are atomic on every common file system and exclusive:
 * creating a name that does not exist yet, and renaming a folder onto a name that is taken by a
 * non-empty folder (which fails). So a run writes its owner record into a fresh folder of its own
 * and renames that folder to `.lock`: the lock appears complete (never a half-written owner), and
 * only one rename can win. `mkdir`+`link` would do too, but exFAT and FAT (backup disks) have no
 * hard links.
 *
 * Taking over a lock whose owner died is the hard part: "read the owner, see it is dead, remove the
 * lock" is not atomic, and two runs doing it at once could each remove the lock the other has just
 * created (both then hold it). So removing a stale lock needs a second lock, `.lock.takeover`,
 * taken the same way: its holder reads `.lock` again and removes it only if it is still the SAME
 * dead owner's (the owner record carries a random nonce). Nobody else removes `.lock` meanwhile
 * (its owner is dead; other contenders wait for `.lock.takeover`), so the compare and the removal
 * cannot be separated by another run's lock. A stale `.lock.takeover` (a run killed during the
 * few milliseconds of a takeover) is taken over the same way, one level deeper; past
 * MAX_TAKEOVER_DEPTH levels the user is asked to delete it. A lock is only ever published by the
 * exclusive rename, so a lost race is always "held by someone", never a raw EEXIST.
 */

/** `.lock.takeover`, `.lock.takeover.takeover`: deeper than this a stale lock is left to the user. */
const MAX_TAKEOVER_DEPTH = 2;
const OWNER_FILE = 'owner.json';
/** Attempts to publish a lock that keeps being released and taken by others before giving up. */
const ATTEMPTS = 4;

interface Owner {
  pid: number;
  host: string;
  /** The owner record as written: two reads of one lock compare equal, another lock never. */
  text: string;
}

/**
 * Takes the backup folder for this process (`.lock`: a folder with its pid, host, start time and a
 * nonce), so that two runs never write the same partial files or manifest. A lock left by a process
 * of this host that is no longer running is taken over. Resolves with the release function; rejects
 * with a {@link BackupSetupError} when another run holds the folder.
 */
export async function lockFolder(out: string): Promise<() => Promise<void>> {
  const record = `${JSON.stringify({
    pid: process.pid,
    host: hostname(),
    started: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  })}\n`;
  const path = join(out, LOCK_FILE);
  const release = await take(out, path, record, 0);
  await sweepLockDebris(out, path);
  return release;
}

async function take(out: string, path: string, record: string, depth: number): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (await publish(path, record)) return () => removeLock(path);
    const holder = await readOwner(path);
    if (holder === 'gone') continue; // released in between: try again
    if (holder === undefined || !isStale(holder)) throw busy(out, path, holder);
    if (depth === MAX_TAKEOVER_DEPTH) throw busy(out, path, holder, 'stale');
    const releaseTakeover = await take(out, `${path}.takeover`, record, depth + 1);
    try {
      const again = await readOwner(path);
      if (again !== 'gone' && again?.text === holder.text) await removeLock(path);
    } finally {
      await releaseTakeover();
    }
  }
  throw busy(out, path, undefined);
}

/** Publishes a lock at `path`: true when this call holds it, false when it is taken. */
async function publish(path: string, record: string): Promise<boolean> {
  const staging = `${path}.${debrisTag()}.new`;
  try {
    await mkdir(staging);
    await writeFile(join(staging, OWNER_FILE), record, { flag: 'wx' });
    await rename(staging, path);
    return true;
  } catch (error) {
    // Whatever failed (EEXIST, ENOTEMPTY, EPERM on Windows, the staging folder swept by the
    // holder), a lock in place means "taken"; nothing there means a real error.
    if (await exists(path)) return false;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTEMPTY') return false;
    if (code === 'ENOENT' && (await exists(dirname(path)))) return false;
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true }).catch(() => {});
  }
}

/** Renamed away first, so that `.lock` never exists without its owner record. */
async function removeLock(path: string): Promise<void> {
  const away = `${path}.${debrisTag()}.old`;
  try {
    await rename(path, away);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await rm(away, { recursive: true, force: true });
}

/** The lock's owner, `'gone'` when there is no lock, `undefined` when it cannot be read. */
async function readOwner(path: string): Promise<Owner | 'gone' | undefined> {
  let text: string | undefined;
  try {
    // A folder (this version) or a plain file (a lock written by hand or by an older version).
    const file = (await lstat(path)).isDirectory() ? join(path, OWNER_FILE) : path;
    // Never a link followed or a FIFO waited on: such a lock is unreadable, hence taken over.
    text = await readTextFile(file);
    if (text === undefined) return (await exists(path)) ? undefined : 'gone';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(path)) ? 'gone' : undefined;
  }
  try {
    const value = JSON.parse(text) as { pid?: unknown; host?: unknown };
    if (typeof value.pid === 'number' && typeof value.host === 'string')
      return { pid: value.pid, host: value.host, text };
  } catch {
    // Not JSON: left to the user below.
  }
  return undefined;
}

/** Only a process of this host can be checked; one of another host is taken as running. */
function isStale(owner: Owner): boolean {
  return owner.host === hostname() && !running(owner.pid);
}

function busy(out: string, path: string, holder: Owner | undefined, stale?: 'stale'): BackupSetupError {
  const message =
    holder === undefined
      ? `another backup seems to be writing to ${out} (${path} is there); if none is, delete ${path}`
      : stale
        ? `a backup that stopped (process ${holder.pid}) left ${path} behind; if no backup is running, delete it`
        : `another backup (process ${holder.pid} on ${holder.host}) is writing to ${out}; if none is, delete ${path}`;
  return new BackupSetupError(EXIT_CODES.failed, message);
}

/** `<pid>-<random>`: the staging and removal names of one process never meet another's. */
function debrisTag(): string {
  return `${process.pid}-${randomBytes(4).toString('hex')}`;
}

const DEBRIS = /^\.lock(?:\.takeover)*\.(\d+)-[0-9a-f]{8}\.(new|old)$/;

/**
 * Removes what killed runs left of their locks: `.old` (a lock being removed) always, `.new` (a
 * lock being published) when its process is gone, and takeover locks whose run is gone (killed
 * after removing the stale lock, before its own release). Run while holding `.lock`: then no
 * takeover can remove it (each compares it with the dead owner it saw, never this one), so a
 * takeover lock removed here can do no harm even if its run was alive after all.
 */
async function sweepLockDebris(out: string, path: string): Promise<void> {
  for (const name of await readdir(out)) {
    const match = DEBRIS.exec(name);
    if (!match || (match[2] === 'new' && running(Number(match[1])))) continue;
    await rm(join(out, name), { recursive: true, force: true }).catch(() => {});
  }
  for (
    let depth = 1, takeover = `${path}.takeover`;
    depth <= MAX_TAKEOVER_DEPTH;
    depth++, takeover += '.takeover'
  ) {
    const owner = await readOwner(takeover);
    if (owner !== 'gone' && owner !== undefined && isStale(owner)) await removeLock(takeover).catch(() => {});
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
