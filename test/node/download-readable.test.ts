import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/core/errors/index.js';
import { type DownloadOptions, downloadStream } from '../../src/native/download/index.js';
import { downloadReadable } from '../../src/node/index.js';
import { FakeFile, fileBytes, settle, sha256 } from '../download/fake-file.js';

const data = fileBytes(20_000);

function fakeHub(file = new FakeFile(data)) {
  return {
    file,
    hub: {
      files: { download: (id: string, opts?: DownloadOptions) => downloadStream(file.fetch, id, opts) },
    },
  };
}

describe('downloadReadable (socialsite-sdk/node)', () => {
  it('is a Node Readable that pipeline() writes to disk byte-exact', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'socialsite-readable-'));
    try {
      const { hub } = fakeHub();
      const readable = downloadReadable(hub, 'f', { chunkSize: 3000, concurrency: 2 });
      expect(readable).toBeInstanceOf(Readable);
      await pipeline(readable, createWriteStream(join(dir, 'out.bin')));
      expect(sha256(await readFile(join(dir, 'out.bin')))).toBe(sha256(data));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the file as every file method does: a number is refused before any request', () => {
    const { file, hub } = fakeHub();
    expect(() => downloadReadable(hub, 42 as never)).toThrow(ArgumentError);
    expect(file.calls).toHaveLength(0);
  });

  it('destroying the Readable cancels the download', async () => {
    const { file, hub } = fakeHub(new FakeFile(data, { manual: true }));
    const readable = downloadReadable(hub, 'f', { chunkSize: 1000, concurrency: 2 });
    readable.resume();
    await settle();
    expect(file.calls.length).toBeGreaterThan(0);
    const closed = new Promise((resolve) => readable.once('close', resolve));
    readable.destroy();
    await closed;
    await settle();
    expect(file.pending()).toEqual([]);
    expect(file.calls.every((call) => call.options.signal?.aborted === true)).toBe(true);
  });
});
