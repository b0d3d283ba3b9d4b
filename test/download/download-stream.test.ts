import { describe, expect, it } from 'vitest';
import { type DownloadProgress, downloadBlob, downloadStream } from '../../src/native/download/index.js';
import { FakeFile, fileBytes, readAll, settle, sha256 } from './fake-file.js';

const MiB = 1024 * 1024;

describe('downloadStream', () => {
  it.each([1, 4])('delivers a file byte-exact at concurrency %i', async (concurrency) => {
    const data = fileBytes(10 * 4096 + 123);
    const file = new FakeFile(data);
    const bytes = await readAll(downloadStream(file.fetch, 'f', { chunkSize: 4096, concurrency }));
    expect(bytes.length).toBe(data.length);
    expect(sha256(bytes)).toBe(sha256(data));
    expect(file.calls.map((call) => call.start)).toEqual(Array.from({ length: 11 }, (_, i) => i * 4096));
    for (const call of file.calls) {
      expect(call.length).toBeGreaterThan(0);
      expect(call.length).toBeLessThanOrEqual(4096);
      expect(call.file_id).toBe('f');
    }
    expect(file.calls.at(-1)?.length).toBe(123);
    expect(file.maxInFlight).toBe(concurrency);
  });

  it('asks for 1 MiB chunks, two at a time, by default', async () => {
    const data = fileBytes(2 * MiB + MiB / 2);
    const file = new FakeFile(data);
    const bytes = await readAll(downloadStream(file.fetch, 'f'));
    expect(sha256(bytes)).toBe(sha256(data));
    expect(file.calls.map((call) => [call.start, call.length])).toEqual([
      [0, MiB],
      [MiB, MiB],
      [2 * MiB, MiB / 2],
    ]);
    expect(file.maxInFlight).toBe(2);
  });

  it('makes no request past the end of a file that is a multiple of chunkSize', async () => {
    const data = fileBytes(3 * 512);
    const file = new FakeFile(data);
    const bytes = await readAll(downloadStream(file.fetch, 'f', { chunkSize: 512, concurrency: 3 }));
    expect(sha256(bytes)).toBe(sha256(data));
    expect(file.calls.map((call) => call.start)).toEqual([0, 512, 1024]);
  });

  it('fetches the first chunk alone to learn the size, then fans out', async () => {
    const file = new FakeFile(fileBytes(10_000), { manual: true });
    const reader = downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency: 4 }).getReader();
    const first = reader.read();
    await settle();
    expect(file.calls).toHaveLength(1);
    file.calls[0]?.release();
    expect((await first).value?.length).toBe(1000);
    await settle();
    expect(file.calls.map((call) => call.start)).toEqual([0, 1000, 2000, 3000, 4000]);
    await reader.cancel();
  });

  it('requests nothing until the stream is read', async () => {
    const file = new FakeFile(fileBytes(100));
    const stream = downloadStream(file.fetch, 'f');
    await settle();
    expect(file.calls).toHaveLength(0);
    await stream.cancel();
  });

  it('ends a zero-byte file with no bytes after one request with a positive length', async () => {
    const file = new FakeFile(new Uint8Array(0));
    const progress: DownloadProgress[] = [];
    const bytes = await readAll(
      downloadStream(file.fetch, 'f', { concurrency: 4, onProgress: (p) => progress.push(p) }),
    );
    expect(bytes.length).toBe(0);
    expect(file.calls).toHaveLength(1);
    expect(file.calls[0]?.length).toBeGreaterThan(0);
    expect(progress).toEqual([]);
  });

  it('reports progress after each delivered chunk', async () => {
    const data = fileBytes(2500);
    const file = new FakeFile(data);
    const progress: DownloadProgress[] = [];
    const stream = downloadStream(file.fetch, 'f', {
      chunkSize: 1000,
      concurrency: 2,
      onProgress: (p) => progress.push(p),
    });
    await readAll(stream);
    expect(progress).toEqual([
      { loaded: 1000, total: 2500 },
      { loaded: 2000, total: 2500 },
      { loaded: 2500, total: 2500 },
    ]);
  });

  it('passes the per-attempt timeout and a signal to every request', async () => {
    const file = new FakeFile(fileBytes(300));
    await readAll(downloadStream(file.fetch, 'f', { chunkSize: 100, timeout: 1234 }));
    for (const call of file.calls) {
      expect(call.options.timeout).toBe(1234);
      expect(call.options.signal).toBeInstanceOf(AbortSignal);
    }
  });
});

describe('downloadBlob', () => {
  it('collects the bytes into a Blob typed with the file type', async () => {
    const data = fileBytes(5000);
    const file = new FakeFile(data, { attach: { filetype: 'text/plain' } });
    const blob = await downloadBlob(file.fetch, 'f', { chunkSize: 700, concurrency: 3 });
    expect(blob.size).toBe(5000);
    expect(blob.type).toBe('text/plain');
    expect(sha256(new Uint8Array(await blob.arrayBuffer()))).toBe(sha256(data));
  });

  it('gives an empty Blob for a zero-byte file', async () => {
    const blob = await downloadBlob(new FakeFile(new Uint8Array(0)).fetch, 'f');
    expect(blob.size).toBe(0);
  });
});
