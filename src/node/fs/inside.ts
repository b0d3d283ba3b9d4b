import { join } from 'node:path';
import { UnsafePathError } from './unsafe-path-error.js';

/** A Windows drive (`C:`) or anything with a `:` that Windows could read as a drive or a stream. */
const DRIVE_OR_STREAM = /:/;

/**
 * `relativePath` (`/`-separated, as a backup manifest keeps paths: `files/Documents/notes.txt`) as
 * a path below `root`, or an {@link UnsafePathError} when it could leave `root` on any system: an
 * empty path or component, `.` or `..`, an absolute path, a backslash (a separator on Windows), a
 * `:` (a drive or an NTFS stream) or a NUL. Purely textual: links are the business of
 * {@link makeFoldersInside} and {@link lstatInside}.
 *
 * @example
 * resolveInside('/backups/alice', 'files/a/b.txt'); // '/backups/alice/files/a/b.txt'
 * resolveInside('/backups/alice', 'files/../../etc/passwd'); // throws UnsafePathError
 */
export function resolveInside(root: string, relativePath: string): string {
  return join(root, ...componentsOf(relativePath));
}

/** The components of a relative path that stays inside its root; throws otherwise. */
export function componentsOf(relativePath: string): string[] {
  const refuse = (why: string) => {
    throw new UnsafePathError(relativePath, why);
  };
  if (typeof relativePath !== 'string' || relativePath === '') refuse('not a relative path');
  if (relativePath.includes('\0')) refuse('it holds a NUL character');
  if (relativePath.includes('\\') || DRIVE_OR_STREAM.test(relativePath))
    refuse('a relative path may not hold "\\" or ":"');
  const parts = relativePath.split('/');
  for (const part of parts) {
    if (part === '') refuse('it is absolute or has an empty component');
    if (part === '.' || part === '..') refuse(`it has a "${part}" component`);
  }
  return parts;
}
