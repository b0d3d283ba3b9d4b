import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileFromPath } from '../../src/node/index.js';
import { fileBytes, sha256 } from '../download/fake-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'socialsite-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('fileFromPath', () => {
  it('gives a File with the base name, the size, the bytes and the modification time', async () => {
    const data = fileBytes(300_000);
    const path = join(dir, 'cat.jpg');
    await writeFile(path, data);
    const mtime = new Date('2026-01-02T03:04:05Z');
    await utimes(path, mtime, mtime);
    const file = await fileFromPath(path, { type: 'image/jpeg' });
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('cat.jpg');
    expect(file.size).toBe(300_000);
    expect(file.type).toBe('image/jpeg');
    expect(file.lastModified).toBe(mtime.getTime());
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(data));
    expect(sha256(new Uint8Array(await file.slice(1000, 2000).arrayBuffer()))).toBe(
      sha256(data.slice(1000, 2000)),
    );
  });

  it('takes another name, and has no type unless told', async () => {
    const path = join(dir, 'notes.txt');
    await writeFile(path, 'hello');
    const file = await fileFromPath(path, { name: 'renamed.txt' });
    expect(file.name).toBe('renamed.txt');
    expect(file.type).toBe('');
    expect(await file.text()).toBe('hello');
  });

  it('reads the disk when the bytes are used, not before', async () => {
    const path = join(dir, 'data.bin');
    await writeFile(path, 'original content');
    const file = await fileFromPath(path);
    // A copy in memory would still give the old bytes; a disk-backed File notices the change.
    await writeFile(path, 'changed content!!');
    await expect(file.arrayBuffer()).rejects.toMatchObject({ name: 'NotReadableError' });
  });

  it('rejects for a missing file with ENOENT, and for a folder', async () => {
    await expect(fileFromPath(join(dir, 'missing.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(fileFromPath(dir)).rejects.toThrow(/Not a file/);
  });
});
