import * as z from 'zod/mini';
import { flagSchema, intSchema, nativeDateSchema } from '../coerce.js';

/**
 * A stored file or folder (an `attach` row), as listed by `files` and returned by `filemeta`,
 * `file` and `filedata`. The document calls `hash` 64 hex characters; Hubzilla 8.8.7 sends UUIDs,
 * so it is only typed as a string. `creator`, `os_path`, `display_path`, `content`, `start` and
 * `length` depend on the endpoint (the document says filedata only; `files` also sends the paths,
 * `file` sends `content` without `start`/`length`), so they are optional here.
 */
export const AttachSchema = z.looseObject({
  id: intSchema,
  aid: intSchema,
  uid: intSchema,
  hash: z.string(),
  creator: z.optional(z.string()),
  filename: z.string(),
  filetype: z.string(),
  filesize: intSchema,
  revision: intSchema,
  folder: z.string(),
  os_storage: flagSchema,
  os_path: z.optional(z.string()),
  display_path: z.optional(z.string()),
  is_dir: flagSchema,
  is_photo: flagSchema,
  flags: intSchema,
  created: nativeDateSchema,
  edited: nativeDateSchema,
  allow_cid: z.string(),
  allow_gid: z.string(),
  deny_cid: z.string(),
  deny_gid: z.string(),
  // Base64 of the file data (megabytes for `file`): a plain string check, never a pattern.
  content: z.optional(z.string()),
  start: z.optional(intSchema),
  length: z.optional(intSchema),
});
export type Attach = z.infer<typeof AttachSchema>;

/**
 * The `attach` member of a `filedata` answer: the record plus one chunk. `length` is the number of
 * bytes actually returned (0 past the end and for empty files, with `content: ""`); `start` is
 * echoed as sent, even when negative (the server then reads from 0: the SDK never sends that).
 * For a folder Hubzilla sends `content: ""` and no `start`/`length` at all (56-filedata-folder):
 * both then read as 0, "no bytes", which is what the empty content means.
 */
export const FileDataAttachSchema = z.extend(AttachSchema, {
  content: z.string(),
  start: z._default(intSchema, 0),
  length: z._default(intSchema, 0),
});
export type FileDataAttach = z.infer<typeof FileDataAttachSchema>;
