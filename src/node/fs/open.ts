import { constants, type Stats } from 'node:fs';
import { type FileHandle, lstat, open } from 'node:fs/promises';
import { UnsafePathError } from './unsafe-path-error.js';

/*
 * Opening files without being led astray by what someone planted at the path. Where the platform
 * has them (Linux, macOS, the BSDs), `O_NOFOLLOW` makes the open itself refuse a symbolic link and
 * `O_NONBLOCK` keeps a FIFO from blocking the open; what was opened is then checked through the
 * handle (`fstat`), so no swap between a check and the use can fool it. Windows has neither flag:
 * there an `lstat` comes first (links need administrator rights to create there).
 */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

/**
 * How {@link openForWrite} treats what is already at the path:
 * - `'new'`: nothing may be there (`O_EXCL`: not even a dangling link); for temporary files.
 * - `'reuse'`: a regular file of a single hard link is opened as it is (never truncated by the
 *   open: truncate through the handle once it is checked), or a new one is created; for files
 *   continued in place (a partial download and its description).
 */
export type WriteMode = 'new' | 'reuse';

/**
 * Opens `path` for writing without following a link at it, without blocking on a FIFO and without
 * writing into a file that has another name too. Anything else than a regular file of one link is
 * an {@link UnsafePathError} (the handle is closed, nothing written). The folders above `path`
 * are the caller's (see {@link makeFoldersInside}).
 *
 * @example
 * const handle = await openForWrite('/data/.big.bin.part', 'reuse');
 */
export async function openForWrite(path: string, mode: WriteMode, permissions = 0o666): Promise<FileHandle> {
  const exclusive = mode === 'new' ? constants.O_EXCL : 0;
  if (!NO_FOLLOW && mode === 'reuse') await regularFileStats(path);
  const flags = constants.O_RDWR | constants.O_CREAT | exclusive | NO_FOLLOW | NON_BLOCKING;
  return checked(path, await opened(path, flags, permissions), true);
}

/**
 * Opens `path` for reading when it is a regular file: a symbolic link, a folder, a FIFO (never
 * waited on), a socket or a device is an {@link UnsafePathError}. A hard link is fine to read.
 *
 * @example
 * const handle = await openForRead('/backups/alice/manifest.json');
 */
export async function openForRead(path: string): Promise<FileHandle> {
  if (!NO_FOLLOW) await regularFileStats(path, { links: 'any' });
  return checked(path, await opened(path, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING), false);
}

/**
 * The text of the regular file at `path` (UTF-8), `undefined` when nothing is there; anything but a
 * regular file is an {@link UnsafePathError} (see {@link openForRead}).
 */
export async function readTextFile(path: string): Promise<string | undefined> {
  const handle = await unlessMissing(openForRead(path));
  if (handle === undefined) return undefined;
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * `lstat` of `path` when it is a regular file (of a single hard link unless `links: 'any'`),
 * `undefined` when nothing is there, an {@link UnsafePathError} for anything else. Not followed.
 */
export async function regularFileStats(
  path: string,
  { links = 'one' }: { links?: 'one' | 'any' } = {},
): Promise<Stats | undefined> {
  const stats = await unlessMissing(lstat(path));
  if (stats === undefined) return undefined;
  const problem = unsafeKind(stats, links === 'one');
  if (problem) throw new UnsafePathError(path, problem);
  return stats;
}

/** What makes `stats` unfit as a file the SDK uses, or `undefined` when it is fit. */
export function unsafeKind(stats: Stats, singleLink: boolean): string | undefined {
  if (stats.isSymbolicLink()) return 'it is a symbolic link';
  if (stats.isDirectory()) return 'it is a folder, not a file';
  if (!stats.isFile()) return 'it is a FIFO, socket or device, not a regular file';
  if (singleLink && stats.nlink > 1)
    return `it has ${stats.nlink} hard links: writing it in place would change another file`;
  return undefined;
}

/** `ENOENT`, or `ENOTDIR` (a file where a folder of the path should be): nothing at the path. */
export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** What `work` resolves to, or `undefined` when it failed because nothing is at its path. */
export async function unlessMissing<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function opened(path: string, flags: number, permissions?: number): Promise<FileHandle> {
  try {
    return await open(path, flags, permissions);
  } catch (error) {
    switch ((error as NodeJS.ErrnoException).code) {
      // O_NOFOLLOW on a link: ELOOP on Linux and macOS, EMLINK on FreeBSD, EFTYPE on NetBSD.
      case 'ELOOP':
      case 'EMLINK':
      case 'EFTYPE':
        throw new UnsafePathError(path, 'it is a symbolic link', { cause: error });
      case 'EISDIR':
        throw new UnsafePathError(path, 'it is a folder, not a file', { cause: error });
      // A FIFO without a reader opened for writing, or a socket.
      case 'ENXIO':
      case 'EOPNOTSUPP':
        throw new UnsafePathError(path, 'it is a FIFO, socket or device, not a regular file', {
          cause: error,
        });
      default:
        throw error;
    }
  }
}

/** The handle, once `fstat` shows what was opened is a regular file; closed and refused otherwise. */
async function checked(path: string, handle: FileHandle, singleLink: boolean): Promise<FileHandle> {
  try {
    const problem = unsafeKind(await handle.stat(), singleLink);
    if (problem) throw new UnsafePathError(path, problem);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
