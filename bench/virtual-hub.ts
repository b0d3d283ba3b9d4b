import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server that answers Hubzilla's `filedata`/`filemeta` for one large virtual file whose
 * bytes are computed from their offset, so the server holds no copy of the file and the client's
 * memory can be measured alone. Answers are written as Hubzilla's PHP writes them: `json_encode`
 * escapes every `/` as `\/`, which the client must parse (or decode) as from a real hub.
 */
export interface VirtualHub {
  baseUrl: string;
  fileId: string;
  size: number;
  sha256: string;
  requests: () => number;
  close: () => Promise<void>;
}

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

function slice(start: number, end: number): Buffer {
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

export async function startVirtualHub(size: number): Promise<VirtualHub> {
  const fileId = 'b1d0c0de-0000-4000-8000-00000000beef';
  const hash = createHash('sha256');
  for (let offset = 0; offset < size; offset += 8 * BLOCK)
    hash.update(slice(offset, Math.min(size, offset + 8 * BLOCK)));
  const sha256 = hash.digest('hex');
  const record = {
    id: '9',
    aid: '1',
    uid: '2',
    hash: fileId,
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
  let count = 0;
  const server: Server = createServer((request, response) => {
    count++;
    const url = new URL(request.url ?? '/', 'http://localhost');
    response.setHeader('Content-Type', 'application/json');
    if (url.searchParams.get('file_id') !== fileId) return response.end('');
    if (url.pathname.endsWith('/filemeta')) return response.end(JSON.stringify({ attach: record }));
    const start = Number(url.searchParams.get('start') ?? 0);
    const length = Number(url.searchParams.get('length') ?? 0) || size - start;
    const end = Math.min(size, start + length);
    const bytes = start >= size ? Buffer.alloc(0) : slice(start, end);
    response.end(
      JSON.stringify({
        attach: { ...record, start, length: bytes.length, content: bytes.toString('base64') },
      }).replaceAll('/', '\\/'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    fileId,
    size,
    sha256,
    requests: () => count,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
