import { describe, expect, it } from 'vitest';
import { ConnectionError, SdkError } from '../../src/core/errors/index.js';
import { type ChunkFetcher, downloadBlob, downloadStream } from '../../src/native/download/index.js';
import { FakeFile, fileBytes, readAll, record, settle } from './fake-file.js';

const data = fileBytes(10_000);
const small = { chunkSize: 1000, concurrency: 3 };

describe('failures', () => {
  it('errors the stream with the fetcher error and aborts the other requests', async () => {
    const failure = new ConnectionError('connection reset', 'https://hub.example/api/z/1.0/filedata');
    const file = new FakeFile(data, { fail: (call) => (call.start === 3000 ? failure : undefined) });
    const delivered: number[] = [];
    const reader = downloadStream(file.fetch, 'f', small).getReader();
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          delivered.push(value.length);
        }
      })(),
    ).rejects.toBe(failure);
    // Everything before the failed chunk was delivered, nothing after it.
    expect(delivered).toEqual([1000, 1000, 1000]);
    const count = file.calls.length;
    await settle();
    expect(file.calls).toHaveLength(count);
    for (const call of file.calls) expect(call.settled).toBe(true);
    expect(file.calls.filter((call) => call.start > 3000).every((call) => call.options.signal?.aborted)).toBe(
      true,
    );
  });

  it('turns a fetcher that throws synchronously into a stream error', async () => {
    const failure = new SdkError('bad file_id');
    const fetch: ChunkFetcher = () => {
      throw failure;
    };
    await expect(readAll(downloadStream(fetch, 'f'))).rejects.toBe(failure);
  });

  it('fails when the filesize changes between chunks', async () => {
    const file = new FakeFile(data, { filesize: (call) => (call.index >= 2 ? 12_000 : 10_000) });
    const error = await readAll(downloadStream(file.fetch, 'f', small)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).message).toMatch(/the file changed during the download/i);
  });

  it('fails when a chunk is empty although the record promises more bytes', async () => {
    const file = new FakeFile(data, { serve: (call) => (call.start === 5000 ? 0 : call.length) });
    const error = await readAll(downloadStream(file.fetch, 'f', small)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).message).toMatch(/no data at offset 5000/);
  });

  it.each([1, 4])('refuses a folder after one request, at concurrency %i', async (concurrency) => {
    const file = new FakeFile(new Uint8Array(0), { attach: { is_dir: true, filename: 'Documents' } });
    const error = await readAll(downloadStream(file.fetch, 'f', { concurrency })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).message).toMatch(/folder \("Documents"\)/);
    expect(file.calls).toHaveLength(1);
  });

  it('recognises a folder and a string filesize in a record that was not normalized', async () => {
    const raw = new FakeFile(new Uint8Array(0), { attach: { is_dir: 1 as unknown as boolean } });
    await expect(readAll(downloadStream(raw.fetch, 'f'))).rejects.toThrow(/folder/);
    const text = new FakeFile(data, { attach: { filesize: '10000' as unknown as number } });
    expect((await readAll(downloadStream(text.fetch, 'f', small))).length).toBe(10_000);
  });

  it('fails when the server answers another offset than the one asked', async () => {
    // Like Hubzilla given a negative start: the echo differs from the bytes' real offset.
    const fetch: ChunkFetcher = async ({ length }) => ({
      attach: record(data.length),
      start: 0,
      length,
      bytes: data.slice(0, length),
    });
    await expect(
      readAll(downloadStream(fetch, 'a96cb502', { chunkSize: 1000, start: 2000 })),
    ).rejects.toThrow(/offset 0 .* asked for 2000/);
  });

  it('fails when a chunk says one length and carries another', async () => {
    const fetch: ChunkFetcher = async ({ start, length }) => ({
      attach: record(data.length),
      start,
      length,
      bytes: data.slice(start, start + length - 1),
    });
    await expect(readAll(downloadStream(fetch, 'a96cb502', small))).rejects.toThrow(
      /says 1000 bytes but carries 999/,
    );
  });

  it('errors the stream with what onProgress throws, and stops', async () => {
    const file = new FakeFile(data);
    const failure = new Error('progress bar broke');
    const stream = downloadStream(file.fetch, 'f', {
      ...small,
      onProgress: () => {
        throw failure;
      },
    });
    await expect(readAll(stream)).rejects.toBe(failure);
    await settle();
    expect(file.calls.length).toBeLessThanOrEqual(1 + small.concurrency);
  });

  it('downloadBlob rejects with the fetcher error', async () => {
    const failure = new ConnectionError('reset');
    const file = new FakeFile(data, { fail: (call) => (call.index === 2 ? failure : undefined) });
    await expect(downloadBlob(file.fetch, 'f', small)).rejects.toBe(failure);
  });
});
