import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { resolveInside } from '../node/fs/index.js';

/**
 * What a backup folder holds. Paths in the manifest are relative to the backup folder with `/`
 * separators (`files/Documents/notes.txt`), whatever the operating system.
 */
export const FILES_DIR = 'files';
export const MANIFEST_FILE = 'manifest.json';
export const EXPORT_FILE = 'channel-export.json';
/** Where files wait between the two steps of a move (by hub hash). */
export const STAGING_DIR = '.moving';
export const LOCK_FILE = '.lock';
/** Downloads under way: what each will be once complete (see journal.ts). */
export const JOURNAL_DIR = '.journal';

/** Where the first step of a move parks a file's local copy: `.moving/<SHA-256 of its hub hash, cut>`. */
export function parkingOf(out: string, hash: string): string {
  return join(out, parkingSpot(hash));
}

/** The same place relative to the backup folder, for the file-system module's `…Inside` helpers. */
export function parkingSpot(hash: string): string {
  return `${STAGING_DIR}/${createHash('sha256').update(hash).digest('hex').slice(0, 32)}`;
}

/**
 * A manifest path (`files/a/b.txt`) as a path on this machine below `out`; an `UnsafePathError`
 * for a path that would leave it (`..`, absolute). Links along the way are checked where the path
 * is used (`makeFoldersInside`, `lstatInside`).
 */
export function localPath(out: string, path: string): string {
  return resolveInside(out, path);
}

/**
 * Where `downloadToFile` with `resume` keeps the bytes of an unfinished download of `path` (a local
 * path); its description is this name plus `.json`.
 */
export function partialOf(path: string): string {
  return join(dirname(path), `.${basename(path)}.part`);
}

/** The folder part of a manifest path (`files/a` for `files/a/b.txt`). */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** Code-unit order, the same everywhere (unlike `localeCompare`). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
