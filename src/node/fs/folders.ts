import type { Stats } from 'node:fs';
import { lstat, mkdir, rename, rmdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { componentsOf } from './inside.js';
import { unlessMissing, unsafeKind } from './open.js';
import { UnsafePathError } from './unsafe-path-error.js';

/*
 * Folders below a root the caller chose (a backup folder): every component of a relative path is
 * checked with `lstat`, so a link planted where a folder belongs (`files/Documents` → `/etc`) is
 * refused instead of followed. The root itself is the caller's choice and may be a link. Node has
 * no `openat`: a process racing this one inside the root between a check and its use is out of
 * reach; what was planted before (or between runs) is not.
 */

/**
 * Creates the folders of `relativePath` below `root` one by one (like `mkdir -p`), each of them a
 * real folder: a symbolic link, a file or anything else in the way is an {@link UnsafePathError}
 * and nothing is created below it. Resolves with the absolute path.
 *
 * @example
 * await makeFoldersInside('/backups/alice', 'files/Documents/2026');
 */
export async function makeFoldersInside(root: string, relativePath: string): Promise<string> {
  let path = root;
  for (const part of componentsOf(relativePath)) {
    path = join(path, part);
    await realFolder(path);
  }
  return path;
}

/**
 * `lstat` of `relativePath` below `root` (a link is reported as a link, not followed), `undefined`
 * when nothing is there; an {@link UnsafePathError} when one of the folders above it is not a real
 * folder (a symbolic link to elsewhere, say).
 */
export async function lstatInside(root: string, relativePath: string): Promise<Stats | undefined> {
  const parts = componentsOf(relativePath);
  let path = root;
  for (const [index, part] of parts.entries()) {
    path = join(path, part);
    const stats = await unlessMissing(lstat(path));
    if (stats === undefined) return undefined;
    if (index === parts.length - 1) return stats;
    if (!stats.isDirectory()) throw new UnsafePathError(path, folderProblem(stats));
  }
  return undefined;
}

/**
 * Removes the file (`kind: 'file'`: a regular file, or a link itself, never what it points to) or
 * the empty folder at `relativePath` below `root`, through real folders only. Resolves `false`
 * when nothing was there; a folder where a file was expected is an {@link UnsafePathError}.
 */
export async function removeInside(
  root: string,
  relativePath: string,
  kind: 'file' | 'folder',
): Promise<boolean> {
  const stats = await lstatInside(root, relativePath);
  if (!stats) return false;
  const path = join(root, ...componentsOf(relativePath));
  if (kind === 'folder') {
    if (!stats.isDirectory()) throw new UnsafePathError(path, folderProblem(stats));
    await rmdir(path);
  } else {
    if (stats.isDirectory()) throw new UnsafePathError(path, 'it is a folder, not a file');
    await unlink(path);
  }
  return true;
}

/**
 * Moves the regular file at `from` to `to` (both relative to `root`), creating `to`'s folders
 * through {@link makeFoldersInside}. A link, FIFO or folder at `from` is an {@link UnsafePathError}
 * (never moved: a link planted in a backup must not pull its target in). What is at `to` is
 * replaced as `rename` does (a link there is replaced, not followed).
 */
export async function moveInside(root: string, from: string, to: string): Promise<void> {
  const stats = await lstatInside(root, from);
  const source = join(root, ...componentsOf(from));
  // Nothing there: `rename` says so in its own words (ENOENT).
  const problem = stats && unsafeKind(stats, false);
  if (problem) throw new UnsafePathError(source, problem);
  const parts = componentsOf(to);
  const folder = parts.length > 1 ? await makeFoldersInside(root, parts.slice(0, -1).join('/')) : root;
  await rename(source, join(folder, parts.at(-1) as string));
}

/** `path` as a real folder: left as it is when it is one, created when missing, refused otherwise. */
async function realFolder(path: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      const stats = await lstat(path);
      if (stats.isDirectory()) return;
      throw new UnsafePathError(path, folderProblem(stats));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    try {
      await mkdir(path);
      return;
    } catch (error) {
      // Made by someone else in between: look again, once.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
  }
}

function folderProblem(stats: Stats): string {
  return stats.isSymbolicLink()
    ? 'it is a symbolic link where a folder belongs'
    : 'it is not a folder where a folder belongs';
}
