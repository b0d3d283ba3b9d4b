import type { CaseResult, ConformanceConfig, FileSystemAccess } from './contract.js';

/** What a case gets: the runner's config and, where the runtime has one, the file system. */
export interface CaseContext {
  config: ConformanceConfig;
  fs: FileSystemAccess | undefined;
}

export interface ConformanceCase {
  name: string;
  /** Only where the runtime has a file system. */
  needsFileSystem?: boolean;
  /** Only where it has none. */
  needsNoFileSystem?: boolean;
  run(context: CaseContext): Promise<void>;
}

/** A failed expectation, with what was seen. */
export class CaseFailure extends Error {}

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CaseFailure(message);
}

export function checkEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected)
    throw new CaseFailure(`${what}: expected ${String(expected)}, got ${String(actual)}`);
}

/** Runs every case in order, each to its end; a thrown value is that case's failure. */
export async function runCases(
  cases: readonly ConformanceCase[],
  context: CaseContext,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const one of cases) {
    if (one.needsFileSystem && context.fs === undefined) {
      results.push({ name: one.name, ok: true, skipped: true, detail: 'needs a file system' });
      continue;
    }
    if (one.needsNoFileSystem && context.fs !== undefined) {
      results.push({ name: one.name, ok: true, skipped: true, detail: 'for runtimes without a file system' });
      continue;
    }
    try {
      await one.run(context);
      results.push({ name: one.name, ok: true });
    } catch (error) {
      results.push({ name: one.name, ok: false, detail: describe(error) });
    }
  }
  return results;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const name = error.constructor?.name ?? error.name;
    return `${name}: ${error.message}`;
  }
  return String(error);
}

/** SHA-256 of bytes, lower-case hex, with WebCrypto (every runtime in the matrix has it). */
export async function sha256Hex(data: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Everything a stream yields, as one buffer. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Random bytes (crypto.getRandomValues fills at most 64 KiB a call). */
export function randomBytes(size: number, head: readonly number[] = []): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += 65_536)
    crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65_536)));
  bytes.set(head.slice(0, size));
  return bytes;
}
