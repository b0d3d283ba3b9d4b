import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { link, lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * What a hostile user (or a careless script) can plant where the SDK writes: links, FIFOs, folders
 * and second names. FIFOs come from `mkfifo` (Node cannot make one), so tests using them skip on
 * Windows, which has none.
 */

export type TrapKind = 'symlink to a file' | 'symlink to a folder' | 'FIFO' | 'folder' | 'hard link';

export const TRAP_KINDS: readonly TrapKind[] = [
  'symlink to a file',
  'symlink to a folder',
  'FIFO',
  'folder',
  'hard link',
];

export const hasFifos = process.platform !== 'win32';

/** A folder outside the one the SDK writes to, with a file and a folder a trap can point at. */
export async function outsideTargets(root: string): Promise<{ dir: string; file: string; folder: string }> {
  const dir = join(root, 'outside');
  await mkdir(join(dir, 'folder'), { recursive: true });
  await writeFile(join(dir, 'target.txt'), 'outside the backup: must stay as it is\n');
  await writeFile(join(dir, 'folder', 'inside.txt'), 'also outside\n');
  return { dir, file: join(dir, 'target.txt'), folder: join(dir, 'folder') };
}

const planted: string[] = [];

/** Puts a trap of `kind` at `path` (nothing may be there), pointing at `targets` where it points. */
export async function plant(
  kind: TrapKind,
  path: string,
  targets: { file: string; folder: string },
): Promise<void> {
  switch (kind) {
    case 'symlink to a file':
      return symlink(targets.file, path);
    case 'symlink to a folder':
      return symlink(targets.folder, path, 'dir');
    case 'FIFO':
      execFileSync('mkfifo', [path]);
      planted.push(path);
      return;
    case 'folder':
      return mkdir(path);
    case 'hard link':
      return link(targets.file, path);
  }
}

/**
 * Lets go of anything stuck opening a planted FIFO (code that does not guard against them blocks
 * in `open` until a reader or writer comes): opening the other end releases it. For afterEach.
 */
export function releaseFifos(): void {
  for (const path of planted.splice(0)) {
    try {
      closeSync(openSync(path, constants.O_RDWR | constants.O_NONBLOCK));
    } catch {
      // Gone already.
    }
  }
}

/** Every entry below `dir` with its type, link target or content, to compare (hard links aside). */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    const path = join(dir, name);
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) result[name] = `link → ${await readlink(path)}`;
    else if (stats.isDirectory()) {
      for (const [inner, value] of Object.entries(await snapshot(path))) result[`${name}/${inner}`] = value;
    } else if (stats.isFile()) result[name] = `file: ${await readFile(path, 'utf8')}`;
    else result[name] = 'special file';
  }
  return result;
}
