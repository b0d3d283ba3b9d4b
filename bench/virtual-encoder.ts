/**
 * An encoder thread of the lean virtual hub (`startVirtualHub(size, { encoderThreads })`): computes
 * and encodes `filedata` answers off the server's main thread, which then only writes them, so the
 * HTTP side answers at once, as a server with a pool of workers does.
 */
import { parentPort } from 'node:worker_threads';
import { chunkAnswer } from './virtual-file.js';

export interface EncodeRequest {
  id: number;
  size: number;
  start: number;
  length: number;
}

parentPort?.on('message', ({ id, size, start, length }: EncodeRequest) => {
  const body = Buffer.from(chunkAnswer(size, start, length));
  // Transferred, not copied, when the body has its buffer to itself (it has, past Buffer's pool size).
  const own = body.byteOffset === 0 && body.byteLength === body.buffer.byteLength;
  const buffer = own ? body.buffer : body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength);
  parentPort?.postMessage({ id, body: buffer }, [buffer]);
});
