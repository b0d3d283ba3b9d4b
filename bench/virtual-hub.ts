import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { EncodeRequest } from './virtual-encoder.js';
import { chunkAnswer, sha256Of, VIRTUAL_FILE_ID, virtualRecord } from './virtual-file.js';

/**
 * A loopback server that answers Hubzilla's `filedata`/`filemeta` for one large virtual file whose
 * bytes are computed from their offset (`virtual-file.ts`), so the server holds no copy of the file
 * and the client's memory can be measured alone.
 */
export interface VirtualHub {
  baseUrl: string;
  fileId: string;
  size: number;
  sha256: string;
  requests: () => number;
  close: () => Promise<void>;
}

export interface VirtualHubOptions {
  /**
   * 0: each answer is computed and encoded on the server's main thread (a simple server: a request
   * arriving meanwhile waits). More: by that many worker threads (the lean server), the main thread
   * only writing the answers, as a server with a pool of workers.
   */
  encoderThreads?: number;
}

type Encode = (start: number, length: number) => Promise<Buffer>;

/** Round robin over `count` encoder threads. */
function encoderPool(size: number, count: number): { encode: Encode; close: () => Promise<void> } {
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL('./virtual-encoder.ts', import.meta.url)),
  );
  const waiting = new Map<number, (body: Buffer) => void>();
  for (const worker of workers) {
    worker.unref();
    worker.on('message', ({ id, body }: { id: number; body: ArrayBuffer }) => {
      waiting.get(id)?.(Buffer.from(body));
      waiting.delete(id);
    });
  }
  let next = 0;
  return {
    encode: (start, length) =>
      new Promise((resolve) => {
        const id = next++;
        waiting.set(id, resolve);
        const request: EncodeRequest = { id, size, start, length };
        workers[id % count]!.postMessage(request);
      }),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

export async function startVirtualHub(size: number, options: VirtualHubOptions = {}): Promise<VirtualHub> {
  const fileId = VIRTUAL_FILE_ID;
  const sha256 = sha256Of(size);
  const record = virtualRecord(size);
  const pool = options.encoderThreads ? encoderPool(size, options.encoderThreads) : undefined;
  let count = 0;
  const server: Server = createServer((request, response) => {
    count++;
    const url = new URL(request.url ?? '/', 'http://localhost');
    response.setHeader('Content-Type', 'application/json');
    if (url.searchParams.get('file_id') !== fileId) return response.end('');
    if (url.pathname.endsWith('/filemeta')) return response.end(JSON.stringify({ attach: record }));
    const start = Number(url.searchParams.get('start') ?? 0);
    const length = Number(url.searchParams.get('length') ?? 0) || size - start;
    if (!pool) return response.end(chunkAnswer(size, start, length));
    void pool.encode(start, length).then((body) => response.end(body));
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
        void pool?.close();
      }),
  };
}
