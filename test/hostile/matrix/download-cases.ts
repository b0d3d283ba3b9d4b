import {
  ApiError,
  type DownloadOptions,
  SdkError,
  TimeoutError,
  ValidationError,
} from '../../../src/index.js';
import type { FaultOptions } from '../../../src/testing/index.js';
import type { Tamper } from '../support/tampering-hub.js';
import type { ErrorClass } from './outcomes.js';

/*
 * The download rows of the fault matrix: what a chunked download (as a stream, a Blob, or a file
 * on disk through downloadToFile) ends in when the hub misbehaves during it. Faults the fake hub
 * already has (short, failing or slow chunks) come from its `faults`; the rest are rewritten
 * answers (tampering-hub.ts). What test/integration covers already (a reset chunk, one failing
 * chunk, a stream aborted mid-way) is not repeated.
 */

export type Sink = 'stream' | 'blob' | 'file';

export type DownloadOutcome =
  | { kind: 'exact'; chunkRequests: number }
  | { kind: 'fails'; error: ErrorClass; message?: RegExp }
  | { kind: 'aborts' };

export interface DownloadCase {
  name: string;
  /** `big` is 3,158,073 bytes (4 chunks of 1 MiB), `notes` 47 bytes (one chunk). */
  file: 'big' | 'notes';
  options?: DownloadOptions;
  faults?: FaultOptions;
  tamper?: Tamper;
  /** Abort once this many bytes were delivered. */
  abortAt?: number;
  timeout?: number;
  /** @default every sink */
  sinks?: readonly Sink[];
  expect: DownloadOutcome;
}

const MIB = 1024 * 1024;
const CHUNKS = { chunkSize: MIB, concurrency: 2 };

/** The third answer's base64 with a character no base64 has. */
const corruptThird: Tamper = (attach, nth) =>
  nth === 3 ? { ...attach, content: `*${String(attach.content).slice(1)}` } : attach;

export const DOWNLOAD_CASES: readonly DownloadCase[] = [
  {
    name: 'A chunk shorter than asked in the middle',
    file: 'big',
    options: CHUNKS,
    faults: { filedata: [{ offset: 2 * MIB, fault: 'short', bytes: 777 }] },
    // The stream sink over the loopback hub is in test/integration/native-download.test.ts.
    sinks: ['blob', 'file'],
    expect: { kind: 'exact', chunkRequests: 5 },
  },
  {
    name: 'Corrupted base64 in a chunk',
    file: 'big',
    options: CHUNKS,
    tamper: corruptThird,
    expect: { kind: 'fails', error: ValidationError, message: /corrupted base64/ },
  },
  {
    name: 'The filesize changes between chunks (the file was replaced)',
    file: 'big',
    options: CHUNKS,
    tamper: (attach, nth) => (nth >= 2 ? { ...attach, filesize: Number(attach.filesize) + 4096 } : attach),
    expect: { kind: 'fails', error: SdkError, message: /file changed during the download/ },
  },
  {
    name: 'The stored file is longer than its record says',
    file: 'notes',
    tamper: (attach) => ({ ...attach, filesize: Number(attach.filesize) - 7 }),
    expect: { kind: 'fails', error: SdkError, message: /past its recorded size/ },
  },
  {
    name: 'A chunk fails with HTTP 500 every time',
    file: 'big',
    options: CHUNKS,
    faults: { filedata: [{ offset: MIB, fault: 'error', status: 500, times: Number.POSITIVE_INFINITY }] },
    expect: { kind: 'fails', error: ApiError },
  },
  {
    name: 'The hub stops answering (timeout)',
    file: 'big',
    options: { ...CHUNKS, timeout: 150 },
    faults: { latencyMs: 3_000 },
    expect: { kind: 'fails', error: TimeoutError },
  },
  {
    name: 'Aborted after the first megabyte',
    file: 'big',
    options: { chunkSize: 256 * 1024, concurrency: 2 },
    abortAt: MIB,
    // Aborting a stream mid-way is in test/integration/native-download.test.ts.
    sinks: ['blob', 'file'],
    expect: { kind: 'aborts' },
  },
];
