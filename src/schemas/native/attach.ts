import * as z from 'zod/mini';
import { flagSchema, intSchema } from '../coerce.js';
import type { KnownFields } from '../known-fields.js';
import { nativeDateSchema } from '../native-date.js';

/** The fields of {@link Attach}, with the docs editors show on hover. */
const attachFields = {
  /** The row id. A number or numeric string; normalized to `number`. */
  id: intSchema,
  /** The id of the account that owns it. Normalized to `number`. */
  aid: intSchema,
  /** The id of the channel that owns it. Normalized to `number`. */
  uid: intSchema,
  /**
   * The file's id: the `file_id` of `filedata`, `file`, `filemeta` and `file/export`. The API
   * document calls it 64 hex characters; Hubzilla 8.8.7 sends UUIDs, so it is only a string.
   */
  hash: z.string(),
  /** The identity hash of the channel that uploaded it (not in `files` lists). */
  creator: z.optional(z.string()),
  /** The file or folder name. */
  filename: z.string(),
  /** The MIME type (`text/plain`; `multipart/mixed` for folders). */
  filetype: z.string(),
  /** The size in bytes (0 for folders). A number or numeric string; normalized to `number`. */
  filesize: intSchema,
  /** How many times the file was replaced. Normalized to `number`. */
  revision: intSchema,
  /** The `hash` of the parent folder, `""` at the top level. */
  folder: z.string(),
  /** Stored in the hub's file system (not in the database). 0/1 (or "0"/"1", true/false); normalized to `boolean`. */
  os_storage: flagSchema,
  /** The storage path on the server (folder and file hashes), not a display path. Optional: the API document lists it for `filedata` only. */
  os_path: z.optional(z.string()),
  /** Where it is as users see it, e.g. `Documents/notes.txt`. Optional: the API document lists it for `filedata` only. */
  display_path: z.optional(z.string()),
  /** A folder. 0/1; normalized to `boolean`. */
  is_dir: flagSchema,
  /** An image that also has photo rows (see `photos`). 0/1; normalized to `boolean`. */
  is_photo: flagSchema,
  /** Legacy flag bits. Normalized to `number`. */
  flags: intSchema,
  /** When it was uploaded. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  created: nativeDateSchema,
  /** When it last changed. UTC `YYYY-MM-DD HH:MM:SS`; normalized to `Date` (`null` for no date). */
  edited: nativeDateSchema,
  /** Access list: the identity hashes allowed, each in angle brackets (`<hash><hash>`); `""` for none. */
  allow_cid: z.string(),
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: z.string(),
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: z.string(),
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: z.string(),
  // Base64 of the file data (megabytes for `file`): a plain string check, never a pattern.
  /**
   * Base64: `file` the whole file, `filedata` one chunk; in `file/export` a server path, not data.
   * Never decoded by the record (the resource methods decode it).
   */
  content: z.optional(z.string()),
  /** `filedata`: the offset of the chunk, echoed as sent. Normalized to `number`. */
  start: z.optional(intSchema),
  /** `filedata`: the number of bytes in the chunk. Normalized to `number`. */
  length: z.optional(intSchema),
};
/** The schema of {@link Attach}. */
export const AttachSchema: z.ZodMiniObject<typeof attachFields, z.core.$loose> = z.looseObject(attachFields);
/**
 * A stored file or folder (an `attach` row), as listed by `files` and returned by `filemeta`,
 * `file` and `filedata`. `creator`, `os_path`, `display_path`, `content`, `start` and `length`
 * depend on the endpoint (the document says filedata only; `files` sends the paths but no
 * `creator`, `file` sends `content` without `start`/`length`), so they are optional.
 */
export interface Attach extends KnownFields<z.infer<typeof AttachSchema>> {}

/**
 * An integer, 0 when absent. A pipe rather than `z._default`: the same output, without zod's
 * default schema in every `NativeClient` bundle.
 */
const intOrZero = z.pipe(
  z.optional(intSchema),
  z.transform((value: number | undefined) => value ?? 0),
);

/** The fields of {@link FileDataAttach}: the record's, with the chunk's always there. */
const fileDataAttachFields = {
  ...attachFields,
  /** Base64 of the chunk's bytes; `""` past the end, for empty files and for folders. */
  content: z.string(),
  /** The offset of the chunk, echoed as sent (even when negative: the SDK never sends that). 0 when absent (folders). */
  start: intOrZero,
  /** The number of bytes actually returned: 0 past the end, for empty files, and when absent (folders). */
  length: intOrZero,
};
/** The schema of {@link FileDataAttach}. */
export const FileDataAttachSchema: z.ZodMiniObject<typeof fileDataAttachFields, z.core.$loose> =
  z.looseObject(fileDataAttachFields);
/**
 * The `attach` member of a `filedata` answer: the record plus one chunk. For a folder Hubzilla sends
 * `content: ""` and no `start`/`length` at all: both then read as 0, "no bytes", which is what the
 * empty content means.
 */
export interface FileDataAttach extends KnownFields<z.infer<typeof FileDataAttachSchema>> {}
