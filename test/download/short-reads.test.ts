import { describe, expect, it } from 'vitest';
import { downloadStream } from '../../src/native/download/index.js';
import { FakeFile, type FetchCall, fileBytes, readAll, sha256, transfers } from './fake-file.js';

/** Serves a reproducible, often short, number of bytes (at least 1) for each call. */
function shortReads(seed: number): (call: FetchCall) => number {
  const random = fileBytes(10_000, seed);
  return (call) => 1 + ((random[call.index % random.length] ?? 0) * call.length) / 256;
}

describe('short chunks', () => {
  it.each([1, 4])('continue from start + length, byte-exact, at concurrency %i', async (concurrency) => {
    const data = fileBytes(50_000);
    const serve = shortReads(concurrency + 7);
    const file = new FakeFile(data, { serve: (call) => Math.floor(serve(call)) });
    const bytes = await readAll(downloadStream(file.fetch, 'f', { chunkSize: 3000, concurrency }));
    expect(sha256(bytes)).toBe(sha256(data));
    expect(file.calls.length).toBeGreaterThan(Math.ceil(50_000 / 3000));
    expect(transfers(file.calls, data.length).every((count) => count === 1)).toBe(true);
    for (const call of file.calls) expect(call.length).toBeLessThanOrEqual(3000);
  });

  it('asks for the missing bytes right after the short chunk, and for no byte twice', async () => {
    const data = fileBytes(1000);
    // The second request (bytes 100..199) gets only 30 bytes.
    const file = new FakeFile(data, { serve: (call) => (call.index === 1 ? 30 : call.length) });
    const bytes = await readAll(downloadStream(file.fetch, 'f', { chunkSize: 100, concurrency: 3 }));
    expect(sha256(bytes)).toBe(sha256(data));
    expect(file.calls.map((call) => [call.start, call.length])).toContainEqual([130, 70]);
    expect(transfers(file.calls, 1000).every((count) => count === 1)).toBe(true);
  });

  it('handles a short first chunk before fanning out', async () => {
    const data = fileBytes(4000);
    const file = new FakeFile(data, { serve: (call) => (call.index === 0 ? 1 : call.length) });
    const bytes = await readAll(downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency: 4 }));
    expect(sha256(bytes)).toBe(sha256(data));
    expect(file.calls[1]).toMatchObject({ start: 1, length: 999 });
  });

  it('handles a short last chunk: the end is the filesize, not the short answer', async () => {
    const data = fileBytes(2500);
    const file = new FakeFile(data, { serve: (call) => (call.start === 2000 ? 10 : call.length) });
    const bytes = await readAll(downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency: 2 }));
    expect(sha256(bytes)).toBe(sha256(data));
    expect(file.calls.at(-1)).toMatchObject({ start: 2010, length: 490 });
  });

  it('keeps only the bytes asked for when a chunk brings more', async () => {
    const data = fileBytes(5000);
    const file = new FakeFile(data, { oversupply: 333 });
    const bytes = await readAll(
      downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency: 2, end: 4500 }),
    );
    expect(sha256(bytes)).toBe(sha256(data.slice(0, 4500)));
  });
});
