import { describe, expect, it } from 'vitest';
import { SdkError } from '../../src/core/errors/index.js';
import {
  type DownloadOptions,
  type DownloadProgress,
  downloadBlob,
  downloadStream,
} from '../../src/native/download/index.js';
import { FakeFile, fileBytes, readAll, sha256 } from './fake-file.js';

const data = fileBytes(10_000);

async function range(options: DownloadOptions) {
  const file = new FakeFile(data);
  const progress: DownloadProgress[] = [];
  const bytes = await readAll(
    downloadStream(file.fetch, 'f', { ...options, onProgress: (p) => progress.push(p) }),
  );
  return { bytes, calls: file.calls, progress };
}

describe('byte ranges', () => {
  it.each([1, 3])('delivers [start, end) exactly at concurrency %i', async (concurrency) => {
    const { bytes, calls, progress } = await range({ start: 1234, end: 7777, chunkSize: 1000, concurrency });
    expect(sha256(bytes)).toBe(sha256(data.slice(1234, 7777)));
    expect(calls[0]?.start).toBe(1234);
    for (const call of calls) {
      expect(call.start).toBeGreaterThanOrEqual(1234);
      expect(call.start + call.length).toBeLessThanOrEqual(7777);
    }
    expect(progress.at(-1)).toEqual({ loaded: 7777 - 1234, total: 7777 - 1234 });
  });

  it('treats end as exclusive: { start: 0, end: 1 } is the first byte, in one request of 1 byte', async () => {
    const { bytes, calls } = await range({ start: 0, end: 1 });
    expect([...bytes]).toEqual([data[0]]);
    expect(calls.map((call) => [call.start, call.length])).toEqual([[0, 1]]);
  });

  it('gives the last byte with { start: size - 1 }', async () => {
    const { bytes } = await range({ start: 9999 });
    expect([...bytes]).toEqual([data[9999]]);
  });

  it('cuts an end past the file to its size', async () => {
    const { bytes, progress } = await range({ start: 9000, end: 50_000, chunkSize: 400, concurrency: 2 });
    expect(sha256(bytes)).toBe(sha256(data.slice(9000)));
    expect(progress.at(-1)).toEqual({ loaded: 1000, total: 1000 });
  });

  it.each([
    ['at the end of the file', { start: 10_000 }],
    ['past the end of the file', { start: 20_000, end: 30_000 }],
    ['empty (start === end)', { start: 500, end: 500 }],
  ])('gives no bytes for a range %s, after one request with a positive length', async (_, options) => {
    const { bytes, calls, progress } = await range(options);
    expect(bytes.length).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.length).toBeGreaterThan(0);
    expect(progress).toEqual([]);
  });

  it('splits a range on chunk boundaries without an extra request', async () => {
    const { bytes, calls } = await range({ start: 1000, end: 4000, chunkSize: 1000, concurrency: 3 });
    expect(sha256(bytes)).toBe(sha256(data.slice(1000, 4000)));
    expect(calls.map((call) => [call.start, call.length])).toEqual([
      [1000, 1000],
      [2000, 1000],
      [3000, 1000],
    ]);
  });

  it('downloadBlob honours the range', async () => {
    const blob = await downloadBlob(new FakeFile(data).fetch, 'f', { start: 10, end: 20 });
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...data.slice(10, 20)]);
  });
});

describe('bad arguments', () => {
  const bad: [string, DownloadOptions][] = [
    ['negative start', { start: -1 }],
    ['fractional start', { start: 1.5 }],
    ['NaN start', { start: Number.NaN }],
    ['negative end', { end: -5 }],
    ['infinite end', { end: Number.POSITIVE_INFINITY }],
    ['end before start', { start: 10, end: 9 }],
    ['zero chunkSize', { chunkSize: 0 }],
    ['fractional chunkSize', { chunkSize: 10.5 }],
    ['zero concurrency', { concurrency: 0 }],
    ['negative timeout', { timeout: -1 }],
  ];

  it.each(bad)('%s throws SdkError synchronously, before any request', (_, options) => {
    const file = new FakeFile(data);
    expect(() => downloadStream(file.fetch, 'f', options)).toThrow(SdkError);
    expect(() => downloadBlob(file.fetch, 'f', options)).toThrow(SdkError);
    expect(file.calls).toHaveLength(0);
  });

  it('refuses an empty file_id, which the server would match against every hash', () => {
    const file = new FakeFile(data);
    expect(() => downloadStream(file.fetch, '')).toThrow(SdkError);
    expect(file.calls).toHaveLength(0);
  });
});
