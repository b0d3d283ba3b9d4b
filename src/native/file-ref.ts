import { ArgumentError } from '../core/errors/argument-error.js';
import { keysOf, refuseUnknownKeys } from '../core/options/known-keys.js';
import { requireFileId } from './arguments.js';
import type { FileIdParams } from './resources/files-params.js';

/*
 * How a file method reads the file it is given (`FileRef`, `FileArgument` in files-params.ts): a hash,
 * a record (an object with `hash`), or the parameters form `{ file_id, ... }` holding either. One
 * place, so that every file method takes the file the same way and refuses the row `id` the same way.
 */

const BY_HASH =
  "files are named by their hash (Attach.hash, the hub's file_id), never by the row id (Attach.id): pass file.hash or the record";

/** The parameters form names the file `file_id`, as the hub does. */
export const FILE_ID_KEYS = keysOf<FileIdParams>({ file_id: true });

/** What {@link readFileArgument} found: the hash, and the parameters object when one was given. */
export interface FileArgumentRead {
  /** The file's hash, checked for the hub's `LIKE` wildcards. */
  fileId: string;
  /** The `{ file_id, ... }` object when the parameters form was used (its keys checked); else undefined. */
  params: Record<string, unknown> | undefined;
}

/**
 * The file that `arg` names, for method `what` (`files.meta`): the parameters form when `arg` has a
 * `file_id` key (or is an object without `hash`), its keys checked against `keys`; else a hash or a
 * record.
 */
export function readFileArgument(
  what: string,
  arg: unknown,
  keys: readonly string[] = FILE_ID_KEYS,
): FileArgumentRead {
  if (typeof arg === 'object' && arg !== null && ('file_id' in arg || !('hash' in arg || 'id' in arg))) {
    refuseUnknownKeys(arg, keys, `a parameter of ${what}`);
    const params = arg as Record<string, unknown>;
    return { fileId: requireFileId(fileHash(what, params.file_id)), params };
  }
  return { fileId: requireFileId(fileHash(what, arg)), params: undefined };
}

/**
 * The hash of a {@link FileRef}: the string itself, or the record's `hash`. The row `id` (a number,
 * or a record without `hash`) is refused: no file endpoint takes it, and the hub would answer "not
 * found" or, matching the digits as a hash prefix, another file.
 */
export function fileHash(what: string, file: unknown): string {
  if (typeof file === 'string') return file;
  if (typeof file === 'number' || typeof file === 'bigint') {
    throw new ArgumentError(`${what}: got the number ${String(file)}; ${BY_HASH}`);
  }
  if (typeof file === 'object' && file !== null) {
    const { hash } = file as { hash?: unknown };
    if (typeof hash === 'string') return hash;
    if ('id' in file && hash === undefined) {
      throw new ArgumentError(`${what}: the object has an id but no hash; ${BY_HASH}`);
    }
    throw new ArgumentError(`${what}: the record's hash must be a non-empty string, got ${typeof hash}`);
  }
  throw new ArgumentError(
    `${what} needs the file: its hash (Attach.hash), its record, or { file_id } with either; got ${file === null ? 'null' : typeof file}`,
  );
}

/** Whether a record passed as the file also holds `start` or `length` (as `files.data`'s records do). */
export function hasRangeFields(file: unknown): boolean {
  return typeof file === 'object' && file !== null && ('start' in file || 'length' in file);
}
