import { keysOf } from '../../core/options/known-keys.js';
import type { Attach } from '../../schemas/index.js';

/**
 * A file (or folder) of the channel's cloud storage, as every file method takes it: its hash, or its
 * record (an {@link Attach} from `files.list`, `files.meta`... or any object with its `hash`).
 *
 * Hubzilla names a file by its `hash` (`Attach.hash`, e.g. `"a96cb502-8d4a-4d73-8c73-406ee3e0f5e2"`);
 * its API calls that same value `file_id` (`filedata`, `filemeta`, `file`, `file/export`) and
 * `filehash` (the `files` filter). The record's numeric `id` is a database row number that no file
 * endpoint takes: a number is refused with an `ArgumentError`, before any request.
 *
 * @example
 * const [file] = await hub.files.list({ filename: 'report.pdf' }).toArray();
 * await hub.files.meta(file);               // the record
 * await hub.files.meta(file.hash);          // its hash
 * await hub.files.meta({ file_id: file });  // either, under the hub's name
 */
export type FileRef = string | Pick<Attach, 'hash'>;

/** The parameters of a file method that takes nothing but the file: the file under the hub's name. */
export interface FileIdParams {
  /** The file: its hash (`Attach.hash`, which the hub calls `file_id`) or its record. Never the row `id`. */
  file_id: FileRef;
}

/**
 * How `files.meta`, `files.get`, `files.export`, `files.download`, `files.downloadBlob` and
 * `downloadToFile` take the file: its hash, its record, or `{ file_id }` holding either.
 */
export type FileArgument = FileRef | FileIdParams;

/** Filters and paging of `files.list`. */
export interface FilesListParams {
  /** Only the entry with exactly this hash: a hash or a record ({@link FileRef}). */
  filehash?: FileRef;
  /** Only entries whose name contains this (case-sensitive on PostgreSQL hubs). */
  filename?: string;
  /** Only entries whose MIME type contains this, e.g. `image`. Folders have a multipart type. */
  filetype?: string;
  /** Only entries created on or after this date-time (`Date` → UTC `YYYY-MM-DD HH:MM:SS`). */
  since?: Date | string;
  /** Only entries created before this date-time. */
  until?: Date | string;
  /**
   * The first entry to return, counting from 0 (oldest first). Needs `records`: the hub ignores
   * `start` otherwise, so the SDK refuses it.
   * @default 0
   */
  start?: number;
  /**
   * Entries a page. Left out (or 0), ONE page holds every entry.
   * @default every entry in one page
   * @example { records: 50 }
   */
  records?: number;
}

/** One chunk of a file (`filedata`). */
export interface FileDataParams {
  /**
   * The file: its hash (`Attach.hash`) or its record ({@link FileRef}). The hub matches the hash as
   * a prefix (SQL `LIKE`): pass the whole hash.
   */
  file_id: FileRef;
  /**
   * The first byte, counting from 0.
   * @default 0
   */
  start?: number;
  /**
   * How many bytes (before base64). Left out or 0: the rest of the file. Prefer a positive length:
   * some hubs fail with HTTP 500 on an empty file read without one.
   * @default the rest of the file
   */
  length?: number;
}

/** The keys of {@link FilesListParams}, for the unknown-parameter check (the compiler keeps them in step). */
export const FILES_LIST_KEYS = keysOf<FilesListParams>({
  filehash: true,
  filename: true,
  filetype: true,
  since: true,
  until: true,
  start: true,
  records: true,
});

/** The keys of {@link FileDataParams}. */
export const FILE_DATA_KEYS = keysOf<FileDataParams>({ file_id: true, start: true, length: true });
