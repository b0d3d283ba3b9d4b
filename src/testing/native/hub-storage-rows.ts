import type { Bytes } from '../http/base64.js';

/*
 * The fake hub's storage rows (cloud files and folders, photo scales), in the wire encoding
 * hub-state.ts describes.
 */

/** A stored file or folder. `content` gives its bytes (generated lazily for the big file). */
export interface HubAttachRow {
  /** The row id. */
  id: number;
  /** The id of the account that owns it. */
  aid: number;
  /** The id of the channel that owns it. */
  uid: number;
  /** * The file's id: the `file_id` of `filedata`, `file`, `filemeta` and `file/export`. */
  hash: string;
  /** The identity hash of the channel that uploaded it (not in `files` lists). */
  creator: string;
  /** The file or folder name. */
  filename: string;
  /** The MIME type (`text/plain`; `multipart/mixed` for folders). */
  filetype: string;
  /** The size in bytes (0 for folders). */
  filesize: number;
  /** How many times the file was replaced. */
  revision: number;
  /** The `hash` of the parent folder, `""` at the top level. */
  folder: string;
  /** Legacy flag bits. */
  flags: number;
  /** A folder. 0 or 1 here; the SDK reads a boolean. */
  is_dir: number;
  /** An image that also has photo rows (see `photos`). 0 or 1 here; the SDK reads a boolean. */
  is_photo: number;
  /** Stored in the hub's file system (not in the database). 0 or 1 here; the SDK reads a boolean. */
  os_storage: number;
  /** The storage path on the server (folder and file hashes), not a display path. */
  os_path: string;
  /** Where it is as users see it, e.g. */
  display_path: string;
  /** When it was uploaded. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  created: string;
  /** When it last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  edited: string;
  /** Access list: the identity hashes allowed, each in angle brackets (`<hash><hash>`); `""` for none. */
  allow_cid: string;
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: string;
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: string;
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: string;
  /** The file's bytes, made on demand (the big file is generated on first use); the endpoints send base64. */
  content: () => Bytes;
}

/** One scale of one photo (Hubzilla keeps a row per scale: 0 original, 1 to 3 smaller). */
export interface HubPhotoRow {
  /** The row id. */
  id: number;
  /** The id of the account that owns it. */
  aid: number;
  /** The id of the channel that owns it. */
  uid: number;
  /** The owner's identity hash. */
  xchan: string;
  /** The photo's id, shared by all its scales: the `photo_id` of `photo`, and the file's `hash`. */
  resource_id: string;
  /** When it was uploaded. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  created: string;
  /** When it last changed. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  edited: string;
  /** When it expires. UTC `YYYY-MM-DD HH:MM:SS` here; the SDK reads a `Date`. */
  expires: string;
  /** The photo's title (`""` when none was given). */
  title: string;
  /** The photo's description (`""` when none was given). */
  description: string;
  /** The album (folder) name. */
  album: string;
  /** The uploaded file's name. */
  filename: string;
  /** The image's MIME type at this scale (`image/jpeg`). */
  mimetype: string;
  /**
   * The height in pixels at this scale. A numeric string here, as PostgreSQL sends it; the SDK reads a number.
   */
  height: string;
  /**
   * The width in pixels at this scale. A numeric string here, as PostgreSQL sends it; the SDK reads a number.
   */
  width: string;
  /** The size in bytes at this scale. */
  filesize: number;
  /** The image's bytes at this scale; `photo` sends them as base64. */
  content: Bytes;
  /**
   * The scale: 0 is the original, higher numbers smaller copies. A numeric string here, as PostgreSQL sends it; the SDK reads a number.
   */
  imgscale: string;
  /** A profile photo. `"0"` or `"1"` here, as PostgreSQL sends it; the SDK reads a boolean. */
  profile: string;
  /** What the photo is for: 0 a normal photo, other codes profile or cover photos. */
  photo_usage: number;
  /** Marked not safe for work. 0 or 1 here; the SDK reads a boolean. */
  is_nsfw: number;
  /** Stored in the hub's file system (not in the database). 0 or 1 here; the SDK reads a boolean. */
  os_storage: number;
  /** The storage path on the server. */
  os_path: string;
  /** Where the file is as users see it (`Vacation/beach.jpg`). */
  display_path: string;
  /** Legacy flag bits. */
  photo_flags: number;
  /** Access list: the identity hashes allowed, each in angle brackets; `""` for none. */
  allow_cid: string;
  /** Access list: the privacy group hashes allowed, each in angle brackets; `""` for none. */
  allow_gid: string;
  /** Access list: the identity hashes denied, each in angle brackets; `""` for none. */
  deny_cid: string;
  /** Access list: the privacy group hashes denied, each in angle brackets; `""` for none. */
  deny_gid: string;
}
