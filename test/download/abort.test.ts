import { describe, expect, it, vi } from 'vitest';
import { downloadBlob, downloadStream } from '../../src/native/download/index.js';
import { FakeFile, fileBytes, readAll, settle } from './fake-file.js';

const data = fileBytes(100_000);
const options = { chunkSize: 1000, concurrency: 3 };

describe('abort and cancel', () => {
  it('an abort mid-download errors the stream with the reason and stops all requests', async () => {
    const file = new FakeFile(data);
    const controller = new AbortController();
    const reason = new Error('user gave up');
    const reader = downloadStream(file.fetch, 'f', { ...options, signal: controller.signal }).getReader();
    await reader.read();
    await reader.read();
    const next = reader.read();
    controller.abort(reason);
    await expect(next).rejects.toBe(reason);
    const count = file.calls.length;
    expect(count).toBeLessThanOrEqual(2 + options.concurrency);
    await settle(20);
    expect(file.calls).toHaveLength(count);
    expect(file.calls.every((call) => call.settled)).toBe(true);
  });

  it('aborts the requests in flight at once, even one whose fetcher ignores its signal', async () => {
    const file = new FakeFile(data, { manual: true, ignoreSignal: true });
    const controller = new AbortController();
    const reader = downloadStream(file.fetch, 'f', { ...options, signal: controller.signal }).getReader();
    const read = reader.read();
    await settle();
    expect(file.calls).toHaveLength(1);
    controller.abort();
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    expect(file.calls[0]?.options.signal?.aborted).toBe(true);
  });

  it('an already aborted signal sends no request', async () => {
    const file = new FakeFile(data);
    const reason = new Error('too late');
    const signal = AbortSignal.abort(reason);
    await expect(readAll(downloadStream(file.fetch, 'f', { signal }))).rejects.toBe(reason);
    await expect(downloadBlob(file.fetch, 'f', { signal })).rejects.toBe(reason);
    expect(file.calls).toHaveLength(0);
  });

  it('breaking out of for await aborts the requests in flight', async () => {
    const file = new FakeFile(data, { manual: true });
    const stream = downloadStream(file.fetch, 'f', options);
    const releaser = setInterval(() => file.calls[0]?.release(), 1);
    for await (const bytes of stream) {
      expect(bytes.length).toBe(1000);
      await settle();
      break;
    }
    clearInterval(releaser);
    const inFlight = file.calls.slice(1);
    expect(inFlight).toHaveLength(options.concurrency);
    expect(inFlight.every((call) => call.options.signal?.aborted)).toBe(true);
    await settle(10);
    expect(file.calls).toHaveLength(1 + options.concurrency);
  });

  it('reader.cancel() aborts the requests in flight with the cancel reason', async () => {
    const file = new FakeFile(data, { manual: true });
    const reader = downloadStream(file.fetch, 'f', options).getReader();
    const read = reader.read();
    await settle();
    file.calls[0]?.release();
    await read;
    await settle();
    const reason = new Error('not needed');
    await reader.cancel(reason);
    expect(file.calls.slice(1).every((call) => call.options.signal?.reason === reason)).toBe(true);
  });

  it('stops listening to the signal once the download is complete', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await readAll(downloadStream(new FakeFile(fileBytes(10)).fetch, 'f', { signal: controller.signal }));
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});
