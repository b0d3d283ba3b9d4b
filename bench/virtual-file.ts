import { createHash } from 'node:crypto';

/**
 * The virtual hub's file: bytes computed from their offset (the server holds no copy), and the
 * `filedata` answer as Hubzilla's PHP writes it (`json_encode` escapes every `/` as `\/`, which the
 * client must parse or decode as from a real hub). Shared by the server's main thread and its
 * encoder threads (`virtual-encoder.ts`).
 */
export const VIRTUAL_FILE_ID = 'b1d0c0de-0000-4000-8000-00000000beef';

const BLOCK = 64 * 1024;

function block(index: number): Buffer {
  const bytes = Buffer.allocUnsafe(BLOCK);
  let state = (index * 2654435761 + 1) >>> 0;
  for (let i = 0; i < BLOCK; i += 4) {
    state = (state * 1664525 + 1013904223) >>> 0;
    bytes.writeUInt32LE(state, i);
  }
  return bytes;
}

/** Bytes `start` to `end` (exclusive) of the virtual file. */
export function slice(start: number, end: number): Buffer {
  const parts: Buffer[] = [];
  for (let offset = start; offset < end; ) {
    const index = Math.floor(offset / BLOCK);
    const from = offset - index * BLOCK;
    const to = Math.min(BLOCK, end - index * BLOCK);
    parts.push(block(index).subarray(from, to));
    offset = index * BLOCK + to;
  }
  return Buffer.concat(parts);
}

export function sha256Of(size: number): string {
  const hash = createHash('sha256');
  for (let offset = 0; offset < size; offset += 8 * BLOCK)
    hash.update(slice(offset, Math.min(size, offset + 8 * BLOCK)));
  return hash.digest('hex');
}

/** The file's record as Hubzilla's `attach` row (strings, as PHP sends them). */
export function virtualRecord(size: number): Record<string, string> {
  return {
    id: '9',
    aid: '1',
    uid: '2',
    hash: VIRTUAL_FILE_ID,
    filename: 'virtual.bin',
    filetype: 'application/octet-stream',
    filesize: String(size),
    revision: '0',
    folder: '',
    flags: '0',
    is_dir: '0',
    is_photo: '0',
    os_storage: '1',
    created: '2026-11-22 02:52:57',
    edited: '2026-11-22 02:52:57',
    allow_cid: '',
    allow_gid: '',
    deny_cid: '',
    deny_gid: '',
  };
}

/** The body of a `filedata` answer for `length` bytes at `start`. */
export function chunkAnswer(size: number, start: number, length: number): string {
  const end = Math.min(size, start + length);
  const bytes = start >= size ? Buffer.alloc(0) : slice(start, end);
  return JSON.stringify({
    attach: { ...virtualRecord(size), start, length: bytes.length, content: bytes.toString('base64') },
  }).replaceAll('/', '\\/');
}
