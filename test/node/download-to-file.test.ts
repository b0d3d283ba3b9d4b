import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArgumentError, ConnectionError, SdkError } from '../../src/core/errors/index.js';
import { type DownloadOptions, downloadStream } from '../../src/native/download/index.js';
import { downloadToFile } from '../../src/node/index.js';
import { FakeFile, type FakeFileOptions, fileBytes, settle, sha256 } from '../download/fake-file.js';

const data = fileBytes(50_000);
const small = { chunkSize: 1000, concurrency: 3 };

function fakeHub(options: FakeFileOptions = {}) {
  const file = new FakeFile(data, options);
  const hub = {
    files: { download: (fileId: string, opts?: DownloadOptions) => downloadStream(file.fetch, fileId, opts) },
  };
  return { file, hub };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'socialsite-download-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('downloadToFile', () => {
  it('writes the file byte-exact and leaves no temporary file', async () => {
    const { hub } = fakeHub();
    const path = join(dir, 'big.bin');
    const result = await downloadToFile(hub, 'f', path, small);
    expect(result).toEqual({ path, bytes: data.length, resumedBytes: 0 });
    expect(sha256(await readFile(path))).toBe(sha256(data));
    expect(await readdir(dir)).toEqual(['big.bin']);
  });

  it('writes a byte range', async () => {
    const { hub } = fakeHub();
    const path = join(dir, 'part.bin');
    const result = await downloadToFile(hub, 'f', path, { start: 100, end: 2100, chunkSize: 700 });
    expect(result.bytes).toBe(2000);
    expect(sha256(await readFile(path))).toBe(sha256(data.slice(100, 2100)));
  });

  it('writes to a hidden .part file beside the target until complete', async () => {
    const { file, hub } = fakeHub({ manual: true });
    const path = join(dir, 'big.bin');
    const done = downloadToFile(hub, 'f', path, small);
    await settle();
    expect(file.calls).toHaveLength(1);
    const during = await readdir(dir);
    expect(during).toHaveLength(1);
    expect(during[0]).toMatch(/^\.big\.bin\.[0-9a-f]+\.part$/);
    const releaser = setInterval(() => {
      for (const call of file.pending()) call.release();
    }, 1);
    await done.finally(() => clearInterval(releaser));
    expect(await readdir(dir)).toEqual(['big.bin']);
  });

  it('leaves nothing at the path, and no .part file, when a chunk fails mid-way', async () => {
    const failure = new ConnectionError('connection reset');
    const { file, hub } = fakeHub({ fail: (call) => (call.start === 20_000 ? failure : undefined) });
    const path = join(dir, 'big.bin');
    await expect(downloadToFile(hub, 'f', path, small)).rejects.toBe(failure);
    expect(file.calls.length).toBeGreaterThan(20);
    expect(await readdir(dir)).toEqual([]);
  });

  it('leaves nothing behind when aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const { file, hub } = fakeHub();
    const path = join(dir, 'big.bin');
    const done = downloadToFile(hub, 'f', path, {
      ...small,
      signal: controller.signal,
      onProgress: ({ loaded }) => {
        if (loaded === 10_000) controller.abort(reason);
      },
    });
    await expect(done).rejects.toBe(reason);
    const count = file.calls.length;
    await settle(10);
    expect(file.calls).toHaveLength(count);
    expect(await readdir(dir)).toEqual([]);
  });

  it('keeps an existing file untouched on failure, and replaces it on success', async () => {
    const path = join(dir, 'big.bin');
    await writeFile(path, 'previous version');
    const failing = fakeHub({
      fail: (call) => (call.index === 5 ? new ConnectionError('reset') : undefined),
    });
    await expect(downloadToFile(failing.hub, 'f', path, small)).rejects.toBeInstanceOf(ConnectionError);
    expect(await readFile(path, 'utf8')).toBe('previous version');
    expect(await readdir(dir)).toEqual(['big.bin']);

    await downloadToFile(fakeHub().hub, 'f', path, small);
    expect(sha256(await readFile(path))).toBe(sha256(data));
  });

  it('throws on bad options before touching the disk or the network', async () => {
    const { file, hub } = fakeHub();
    await expect(downloadToFile(hub, 'f', join(dir, 'x.bin'), { start: -1 })).rejects.toBeInstanceOf(
      SdkError,
    );
    expect(file.calls).toHaveLength(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('sends no request when the folder does not exist: an ArgumentError naming the folder and the fix', async () => {
    const { file, hub } = fakeHub();
    const folder = join(dir, 'downloads');
    const target = join(folder, 'big.bin');
    const error = await downloadToFile(hub, 'f', target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error).toMatchObject({ code: 'invalid_argument' });
    expect((error as Error).message).toBe(
      `downloadToFile cannot write "${target}": the folder "${folder}" does not exist. ` +
        `Create it first, e.g. await mkdir(${JSON.stringify(folder)}, { recursive: true }) from node:fs/promises`,
    );
    // Not created behind the caller's back.
    expect(await readdir(dir)).toEqual([]);
    await settle();
    expect(file.calls).toHaveLength(0);
    // With resume too, and for a "folder" that is a file.
    await expect(downloadToFile(hub, 'f', target, { resume: true })).rejects.toBeInstanceOf(ArgumentError);
    await writeFile(folder, 'a file');
    await expect(downloadToFile(hub, 'f', target)).rejects.toThrow(`the folder "${folder}" is not a folder`);
    expect(file.calls).toHaveLength(0);
  });

  it('a folder the file system cannot look at (a link loop): an SdkError naming the path, the fs error as cause', async () => {
    const { file, hub } = fakeHub();
    await symlink(join(dir, 'b'), join(dir, 'a'));
    await symlink(join(dir, 'a'), join(dir, 'b'));
    const target = join(dir, 'a', 'big.bin');
    const error = await downloadToFile(hub, 'f', target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).not.toBeInstanceOf(ArgumentError);
    expect((error as Error).message).toBe(
      `downloadToFile could not look at the folder of "${target}": ELOOP (stat)`,
    );
    expect((error as Error).cause).toMatchObject({ code: 'ELOOP' });
    expect(file.calls).toHaveLength(0);
  });

  it('makes a target that is a folder an SdkError naming it, and leaves nothing behind', async () => {
    const { hub } = fakeHub();
    const target = join(dir, 'folder');
    await mkdir(target);
    const error = await downloadToFile(hub, 'f', target, small).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect((error as Error).message).toMatch(
      new RegExp(`could not write "${target}": (EISDIR|EPERM|ENOTEMPTY) \\(rename\\)`),
    );
    expect((error as Error).message).not.toMatch(/\.part/);
    expect(await readdir(dir)).toEqual(['folder']);
  });
});
