import { resolveInside } from '../node/index.js';

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

/**
 * A manifest path (`files/a/b.txt`) as a path on this machine below `out`; an `UnsafePathError`
 * for a path that would leave it (`..`, absolute). Links along the way are checked where the path
 * is used (`makeFoldersInside`, `lstatInside`).
 */
export function localPath(out: string, path: string): string {
  return resolveInside(out, path);
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
