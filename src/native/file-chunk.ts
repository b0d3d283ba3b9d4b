import type { Attach } from '../schemas/index.js';

/** One decoded piece of a file, as `files.data()` returns it. */
export interface FileChunk {
  /** The file's record (without the base64 `content`). */
  attach: Attach;
  /** The offset of the first byte, as the server echoed it. */
  start: number;
  /** How many bytes the server actually returned (may be fewer than asked). */
  length: number;
  /** The chunk's bytes, decoded (`length` of them). */
  bytes: Uint8Array;
}
