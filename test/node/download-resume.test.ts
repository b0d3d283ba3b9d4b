import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, SdkError } from '../../src/core/errors/index.js';
import { type DownloadOptions, downloadStream } from '../../src/native/download/index.js';
import { downloadToFile } from '../../src/node/index.js';
import type { Attach } from '../../src/schemas/index.js';
import { FakeFile, type FakeFileOptions, fileBytes, record, sha256 } from '../download/fake-file.js';

const ID = 'a96cb502';
const data = fileBytes(50_000);
const small = { chunkSize: 1000, concurrency: 2 };

/** A hub holding `bytes` as file `ID`, with `filemeta` answering `attach` (the record the chunks carry). */
function fakeHub(bytes: Uint8Array, options: FakeFileOptions = {}) {
  const file = new FakeFile(bytes, options);
  const metaCalls: string[] = [];
  const hub = {
    files: {
      download: (fileId: string, opts?: DownloadOptions) => downloadStream(file.fetch, fileId, opts),
      meta: async ({ file_id }: { file_id: string }): Promise<Attach> => {
        metaCalls.push(file_id);
        return record(bytes.length, { hash: file_id, ...options.attach });
      },
    },
  };
  return { file, hub, metaCalls };
}

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'socialsite-resume-'));
  path = join(dir, 'big.bin');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Fails the download at chunk `index` (its start is `index × 1000`). */
const failAt = (index: number): FakeFileOptions => ({
  fail: (call) => (call.start === index * 1000 ? new ConnectionError('connection reset') : undefined),
});

describe('downloadToFile({ resume: true })', () => {
  it('keeps the partial file on failure and continues from it, byte-exact', async () => {
    const first = fakeHub(data, failAt(20));
    await expect(downloadToFile(first.hub, ID, path, { ...small, resume: true })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect((await readdir(dir)).sort()).toEqual(['.big.bin.part', '.big.bin.part.json']);
    const kept = (await readFile(join(dir, '.big.bin.part'))).length;
    expect(kept).toBeGreaterThanOrEqual(20_000);

    const second = fakeHub(data);
    const progress: { loaded: number; total: number }[] = [];
    const result = await downloadToFile(second.hub, ID, path, {
      ...small,
      resume: true,
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual({ path, bytes: data.length, resumedBytes: kept });
    expect(sha256(await readFile(path))).toBe(sha256(data));
    expect(await readdir(dir)).toEqual(['big.bin']);
    // Only the missing bytes were asked for, after one filemeta.
    expect(second.metaCalls).toEqual([ID]);
    expect(Math.min(...second.file.calls.map((call) => call.start))).toBe(kept);
    // Progress counts the resumed bytes.
    expect(progress[0]!.loaded).toBeGreaterThan(kept);
    expect(progress.at(-1)).toEqual({ loaded: data.length, total: data.length });
  });

  it('starts over when the file changed on the hub since (another revision)', async () => {
    await downloadToFile(fakeHub(data, failAt(10)).hub, ID, path, { ...small, resume: true }).catch(() => {});
    const changed = fileBytes(30_000).map((byte) => byte ^ 0xff);
    const second = fakeHub(changed, { attach: { revision: 1 } });
    const result = await downloadToFile(second.hub, ID, path, { ...small, resume: true });
    expect(result.resumedBytes).toBe(0);
    expect(sha256(await readFile(path))).toBe(sha256(changed));
    expect(Math.min(...second.file.calls.map((call) => call.start))).toBe(0);
  });

  it('starts over when the sidecar is missing or unreadable', async () => {
    await writeFile(
      join(dir, '.big.bin.part'),
      data.slice(0, 5000).map((byte) => byte ^ 1),
    );
    await writeFile(join(dir, '.big.bin.part.json'), '{ not json');
    const hub = fakeHub(data);
    const result = await downloadToFile(hub.hub, ID, path, { ...small, resume: true });
    expect(result.resumedBytes).toBe(0);
    expect(hub.metaCalls).toEqual([]);
    expect(sha256(await readFile(path))).toBe(sha256(data));
    expect(await readdir(dir)).toEqual(['big.bin']);
  });

  it('fails, keeping the partial for a fresh start, when the file changes between filemeta and the first chunk', async () => {
    await downloadToFile(fakeHub(data, failAt(10)).hub, ID, path, { ...small, resume: true }).catch(() => {});
    const racing = fakeHub(data);
    // filemeta still shows the old version; the chunks are of a new one.
    racing.hub.files.download = (fileId, opts) =>
      downloadStream(new FakeFile(data, { attach: { revision: 7 } }).fetch, fileId, opts);
    await expect(downloadToFile(racing.hub, ID, path, { ...small, resume: true })).rejects.toThrow(
      /changed on the hub while its download was resumed/,
    );
    await expect(readFile(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a fresh resumable download that fails before any byte leaves nothing behind', async () => {
    const { hub } = fakeHub(data, failAt(0));
    await expect(downloadToFile(hub, ID, path, { ...small, resume: true })).rejects.toBeInstanceOf(SdkError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('without resume, a failure removes the partial file as before', async () => {
    const { hub } = fakeHub(data, failAt(20));
    await expect(downloadToFile(hub, ID, path, small)).rejects.toBeInstanceOf(ConnectionError);
    expect(await readdir(dir)).toEqual([]);
  });
});
