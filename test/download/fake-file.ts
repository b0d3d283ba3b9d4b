import { createHash } from 'node:crypto';
import type { RequestOptions } from '../../src/core/options/options.js';
import type { ChunkFetcher } from '../../src/native/download/index.js';
import type { FileChunk } from '../../src/native/file-chunk.js';

type Attach = FileChunk['attach'];

/** Pseudo-random but reproducible bytes: no period, so a misplaced chunk always changes the hash. */
export function fileBytes(size: number, seed = 0x9e3779b9): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed >>> 0 || 1;
  for (let index = 0; index < size; index++) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return concat(parts);
}

export function record(filesize: number, overrides: Partial<Attach> = {}): Attach {
  return {
    id: 5,
    aid: 1,
    uid: 2,
    hash: 'a96cb502-8d4a-4d73-8c73-406ee3e0f5e2',
    filename: 'big.bin',
    filetype: 'application/octet-stream',
    filesize,
    revision: 0,
    folder: 'ac755c5f-cec3-4c41-91cf-20c45c1b4f51',
    os_storage: true,
    is_dir: false,
    is_photo: false,
    flags: 0,
    created: new Date('2026-11-22T02:52:57Z'),
    edited: new Date('2026-11-22T02:52:57Z'),
    allow_cid: '',
    allow_gid: '',
    deny_cid: '',
    deny_gid: '',
    ...overrides,
  };
}

export interface FetchCall {
  index: number;
  file_id: string;
  start: number;
  length: number;
  options: RequestOptions;
  /** True once the fake answered or failed. */
  settled: boolean;
  /** How many bytes the answer carried, once answered. */
  served?: number;
  /** In `manual` mode: answer now. */
  release(): void;
}

export interface FakeFileOptions {
  /** How many bytes to serve for a call (default: all asked that exist). */
  serve?: (call: FetchCall) => number;
  /** The record's size in the answer to a call (default: the data's length). */
  filesize?: (call: FetchCall) => number;
  /** Overrides for the record in every answer. */
  attach?: Partial<Attach>;
  /** An error for a call to fail with. */
  fail?: (call: FetchCall) => Error | undefined;
  /** Extra bytes served beyond what was asked (the data that follows, as a careless proxy would). */
  oversupply?: number;
  /** Answer only when the test calls `release()`. */
  manual?: boolean;
  /** Ignore the abort signal, like a careless fetcher. */
  ignoreSignal?: boolean;
}

/** An in-memory `filedata` with the server's semantics and instruments on every call. */
export class FakeFile {
  readonly calls: FetchCall[] = [];
  inFlight = 0;
  maxInFlight = 0;
  readonly #data: Uint8Array;
  readonly #options: FakeFileOptions;

  constructor(data: Uint8Array, options: FakeFileOptions = {}) {
    this.#data = data;
    this.#options = options;
  }

  readonly fetch: ChunkFetcher = (params, options) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const call: FetchCall = { index: this.calls.length, ...params, options, settled: false, release };
    this.calls.push(call);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const answer = (async () => {
      if (this.#options.manual) await gate;
      else await new Promise((resolve) => setTimeout(resolve, 0));
      options.signal?.throwIfAborted();
      const error = this.#options.fail?.(call);
      if (error) throw error;
      return this.#answer(call);
    })();
    const aborted =
      this.#options.ignoreSignal || !options.signal
        ? answer
        : Promise.race([
            answer,
            new Promise<never>((_, reject) => {
              const signal = options.signal!;
              if (signal.aborted) reject(signal.reason);
              signal.addEventListener('abort', () => reject(signal.reason), { once: true });
            }),
          ]);
    return aborted.finally(() => {
      call.settled = true;
      this.inFlight--;
    });
  };

  /** Calls not yet answered. */
  pending(): FetchCall[] {
    return this.calls.filter((call) => !call.settled);
  }

  #answer(call: FetchCall): FileChunk {
    const size = this.#data.length;
    const asked = call.length + (this.#options.oversupply ?? 0);
    const available = Math.max(0, Math.min(asked, size - call.start));
    const served = Math.min(available, this.#options.serve?.(call) ?? available);
    const bytes = this.#data.slice(call.start, call.start + served);
    call.served = bytes.length;
    return {
      // The file the hub matched: the requested id, as an exact match (overridable to test a mismatch).
      attach: record(this.#options.filesize?.(call) ?? size, { hash: call.file_id, ...this.#options.attach }),
      start: call.start,
      length: bytes.length,
      bytes,
    };
  }
}

/** How many times each byte of a `size`-byte file travelled in an answer. */
export function transfers(calls: FetchCall[], size: number): number[] {
  const counts = new Array<number>(size).fill(0);
  for (const call of calls)
    for (let index = call.start; index < call.start + (call.served ?? 0) && index < size; index++)
      counts[index] = (counts[index] ?? 0) + 1;
  return counts;
}

/** Lets pending timers and promise callbacks run. */
export function settle(rounds = 5): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : setTimeout(() => step(left - 1), 0));
    step(rounds);
  });
}
