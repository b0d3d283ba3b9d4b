/** Filters and paging of `files.list`. */
export interface FilesListParams {
  /** Only the entry with exactly this hash. */
  filehash?: string;
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
  /** The file's hash (`Attach.hash`). Matched as a prefix by the hub: pass the whole hash. */
  file_id: string;
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

/** One file, by its hash. */
export interface FileIdParams {
  /** The file's hash (`Attach.hash`), exactly. */
  file_id: string;
}
