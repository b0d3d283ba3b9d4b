import { describe, expect, it } from 'vitest';
import { downloadStream } from '../../src/native/download/index.js';
import { concat, FakeFile, fileBytes, readAll, settle, sha256 } from './fake-file.js';

describe('concurrency', () => {
  it('delivers in order when later chunks are answered first', async () => {
    const data = fileBytes(10_000);
    const file = new FakeFile(data, { manual: true });
    const reader = downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency: 4 }).getReader();
    const parts: Uint8Array[] = [];
    const reading = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parts.push(value);
      }
    })();
    let answeredOutOfOrder = false;
    while (file.pending().length > 0 || file.calls.length === 0) {
      await settle();
      const pending = file.pending();
      if (pending.length > 1) answeredOutOfOrder = true;
      // Newest first: the chunk the reader waits for is answered last.
      for (const call of pending.reverse()) {
        call.release();
        await settle(1);
      }
    }
    await reading;
    expect(answeredOutOfOrder).toBe(true);
    expect(parts.map((part) => part.length)).toEqual(Array(10).fill(1000));
    expect(sha256(concat(parts))).toBe(sha256(data));
  });

  it.each([1, 2, 4, 7])('never runs more than %i requests at once', async (concurrency) => {
    const data = fileBytes(40_000);
    const file = new FakeFile(data);
    const bytes = await readAll(downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency }));
    expect(sha256(bytes)).toBe(sha256(data));
    // Reaching the bound shows the window is used; exceeding it would be a leak.
    expect(file.maxInFlight).toBe(concurrency);
  });

  it('a request answered before the chunk the reader waits for frees its place at once', async () => {
    const data = fileBytes(6_000);
    const file = new FakeFile(data, { manual: true });
    const reader = downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency: 2 }).getReader();
    const parts: Uint8Array[] = [];
    const first = reader.read();
    await settle();
    file.pending()[0]!.release();
    parts.push((await first).value!);
    const waiting = reader.read();
    await settle();
    const [head, later] = file.pending();
    expect(file.pending().map((call) => call.start)).toEqual([1000, 2000]);
    // The later chunk comes first: a third request goes out while the reader still waits for the head.
    later!.release();
    await settle();
    expect(file.pending().map((call) => call.start)).toEqual([1000, 3000]);
    head!.release();
    parts.push((await waiting).value!);
    for (;;) {
      await settle();
      for (const call of file.pending()) call.release();
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
    }
    expect(sha256(concat(parts))).toBe(sha256(data));
    expect(file.maxInFlight).toBe(2);
  });

  it('fetches at most `concurrency + 1` chunks ahead of a slow reader', async () => {
    const file = new FakeFile(fileBytes(100_000));
    const concurrency = 3;
    const reader = downloadStream(file.fetch, 'f', { chunkSize: 1000, concurrency }).getReader();
    let delivered = 0;
    for (const pause of [1, 2, 5]) {
      for (let i = 0; i < pause; i++) {
        const { value } = await reader.read();
        expect(value?.length).toBe(1000);
        delivered++;
      }
      // The reader stops: requests may finish, but no new ones may start.
      await settle(20);
      const count = file.calls.length;
      expect(count).toBeGreaterThan(delivered);
      expect(count).toBeLessThanOrEqual(delivered + concurrency + 1);
      expect(file.pending()).toHaveLength(0);
      await settle(20);
      expect(file.calls).toHaveLength(count);
    }
    await reader.cancel();
  });
});
