import { appendFile, lstat, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError } from '../../src/core/errors/index.js';
import { type DownloadOptions, downloadStream } from '../../src/native/download/index.js';
import { downloadToFile, UnsafePathError } from '../../src/node/index.js';
import type { Attach } from '../../src/schemas/index.js';
import { FakeFile, type FakeFileOptions, fileBytes, record, sha256 } from '../download/fake-file.js';
import { hasFifos, outsideTargets, plant, releaseFifos, snapshot, TRAP_KINDS } from '../support/fs-traps.js';

/*
 * downloadToFile with links, FIFOs, folders and second hard links planted where it writes: the
 * partial file and its description (continued in place with `resume`) are refused, the target
 * itself is replaced by the rename, and nothing outside the folder is ever written.
 */

const ID = 'a96cb502';
const data = fileBytes(50_000);
const small = { chunkSize: 1000, concurrency: 2 };

function fakeHub(options: FakeFileOptions = {}) {
  const file = new FakeFile(data, options);
  return {
    file,
    files: {
      download: (fileId: string, opts?: DownloadOptions) => downloadStream(file.fetch, fileId, opts),
      meta: async ({ file_id }: { file_id: string }): Promise<Attach> =>
        record(data.length, { hash: file_id }),
    },
  };
}

let root: string;
let dir: string;
let path: string;
let targets: Awaited<ReturnType<typeof outsideTargets>>;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'socialsite-traps-'));
  dir = join(root, 'downloads');
  await mkdir(dir);
  path = join(dir, 'big.bin');
  targets = await outsideTargets(root);
});
afterEach(async () => {
  releaseFifos();
  await rm(root, { recursive: true, force: true });
});

const kinds = TRAP_KINDS.filter((kind) => hasFifos || kind !== 'FIFO');

describe.each(['.big.bin.part', '.big.bin.part.json'])('a trap at %s with resume', (name) => {
  it.each(kinds)('%s: refused (UnsafePathError), left as found, nothing outside written', async (kind) => {
    const trap = join(dir, name);
    await plant(kind, trap, targets);
    const before = await snapshot(targets.dir);
    const trapBefore = await lstat(trap);
    const hub = fakeHub();

    const error = await downloadToFile(hub, ID, path, { ...small, resume: true }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(UnsafePathError);
    expect((error as UnsafePathError).path).toBe(trap);
    expect(await snapshot(targets.dir)).toEqual(before);
    // Not deleted, not replaced: the user decides what to do with it.
    const trapAfter = await lstat(trap);
    expect([trapAfter.ino, trapAfter.mode]).toEqual([trapBefore.ino, trapBefore.mode]);
    await expect(lstat(path)).rejects.toMatchObject({ code: 'ENOENT' });
    // Refused before any request.
    expect(hub.file.calls).toEqual([]);
  });
});

describe('a trap at the target path itself', () => {
  it.each(kinds.filter((kind) => kind !== 'folder'))(
    '%s: replaced by the downloaded file (the rename replaces it, never writes through it)',
    async (kind) => {
      for (const resume of [false, true]) {
        await rm(path, { force: true });
        await plant(kind, path, targets);
        const before = await snapshot(targets.dir);
        await downloadToFile(fakeHub(), ID, path, { ...small, resume });
        expect((await lstat(path)).isFile()).toBe(true);
        expect((await lstat(path)).nlink).toBe(1);
        expect(sha256(await readFile(path))).toBe(sha256(data));
        expect(await snapshot(targets.dir)).toEqual(before);
      }
    },
  );
});

describe('a partial file longer than the file it belongs to', () => {
  it('is discarded and the file downloaded from the start, never appended to', async () => {
    const failing = fakeHub({
      fail: (call) => (call.start === 20_000 ? new ConnectionError('connection reset') : undefined),
    });
    await expect(downloadToFile(failing, ID, path, { ...small, resume: true })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    // The sidecar is intact; the partial file has grown past the whole file's size.
    await appendFile(join(dir, '.big.bin.part'), new Uint8Array(60_000).fill(0x41));

    const hub = fakeHub();
    const result = await downloadToFile(hub, ID, path, { ...small, resume: true });
    expect(result).toEqual({ path, bytes: data.length, resumedBytes: 0 });
    expect(sha256(await readFile(path))).toBe(sha256(data));
    expect(Math.min(...hub.file.calls.map((call) => call.start))).toBe(0);
  });
});
