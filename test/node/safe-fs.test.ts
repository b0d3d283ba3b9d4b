import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  lstatInside,
  makeFoldersInside,
  moveInside,
  openForRead,
  openForWrite,
  readTextFile,
  removeInside,
  resolveInside,
  UnsafePathError,
} from '../../src/node/fs/index.js';
import { hasFifos, outsideTargets, plant, releaseFifos, snapshot, TRAP_KINDS } from '../support/fs-traps.js';

let root: string;
let work: string;
let targets: Awaited<ReturnType<typeof outsideTargets>>;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'socialsite-safe-fs-'));
  work = join(root, 'work');
  await mkdir(work);
  targets = await outsideTargets(root);
});
afterEach(async () => {
  releaseFifos();
  await rm(root, { recursive: true, force: true });
});

const kinds = TRAP_KINDS.filter((kind) => hasFifos || kind !== 'FIFO');

describe('resolveInside', () => {
  it('keeps a relative path below the root', () => {
    expect(resolveInside('/r', 'files/a/b.txt')).toBe(join('/r', 'files', 'a', 'b.txt'));
    expect(resolveInside('/r', '.moving')).toBe(join('/r', '.moving'));
  });

  it.each([
    '',
    '..',
    'files/../../x',
    'files/./x',
    '/etc/passwd',
    'files//x',
    'files/x/',
    'files\\..\\x',
    'C:/x',
    'files/a\0b',
  ])('refuses %j', (path) => {
    expect(() => resolveInside('/r', path)).toThrow(UnsafePathError);
  });
});

describe('openForWrite', () => {
  it.each(kinds)('"reuse" refuses a %s, writing nothing anywhere', async (kind) => {
    const path = join(work, '.x.part');
    await plant(kind, path, targets);
    const before = await snapshot(targets.dir);
    const error = await openForWrite(path, 'reuse').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnsafePathError);
    expect((error as UnsafePathError).code).toBe('unsafe_path');
    expect((error as UnsafePathError).path).toBe(path);
    expect(await snapshot(targets.dir)).toEqual(before);
  });

  it('"reuse" opens a regular file of its own without truncating it, or creates one', async () => {
    await writeFile(join(work, 'kept'), 'abc');
    const kept = await openForWrite(join(work, 'kept'), 'reuse');
    await kept.write('X', 1);
    await kept.close();
    expect(await readFile(join(work, 'kept'), 'utf8')).toBe('aXc');
    await (await openForWrite(join(work, 'new'), 'reuse')).close();
    expect(await readFile(join(work, 'new'), 'utf8')).toBe('');
  });

  it.each(kinds)('"new" refuses anything already there, a %s included', async (kind) => {
    const path = join(work, 'temporary');
    await plant(kind, path, targets);
    const before = await snapshot(targets.dir);
    await expect(openForWrite(path, 'new')).rejects.toThrow();
    expect(await snapshot(targets.dir)).toEqual(before);
  });
});

describe('openForRead and readTextFile', () => {
  it.each(kinds.filter((kind) => kind !== 'hard link'))(
    'refuse a %s (a FIFO without waiting)',
    async (kind) => {
      const path = join(work, 'manifest.json');
      await plant(kind, path, targets);
      await expect(openForRead(path)).rejects.toBeInstanceOf(UnsafePathError);
      await expect(readTextFile(path)).rejects.toBeInstanceOf(UnsafePathError);
    },
  );

  it('read a regular file, a second hard link included; nothing there is undefined', async () => {
    await plant('hard link', join(work, 'linked'), targets);
    expect(await readTextFile(join(work, 'linked'))).toBe(await readFile(targets.file, 'utf8'));
    expect(await readTextFile(join(work, 'missing'))).toBeUndefined();
  });
});

describe('makeFoldersInside', () => {
  it('creates real folders one by one', async () => {
    const made = await makeFoldersInside(work, 'files/a/b');
    expect(made).toBe(join(work, 'files', 'a', 'b'));
    expect((await lstatInside(work, 'files/a/b'))?.isDirectory()).toBe(true);
  });

  it.each(kinds.filter((kind) => kind !== 'folder'))(
    'refuses a %s where a folder belongs, and creates nothing through it',
    async (kind) => {
      await mkdir(join(work, 'files'));
      await plant(kind, join(work, 'files', 'Documents'), targets);
      const before = await snapshot(targets.dir);
      await expect(makeFoldersInside(work, 'files/Documents/sub')).rejects.toBeInstanceOf(UnsafePathError);
      expect(await snapshot(targets.dir)).toEqual(before);
    },
  );

  it('refuses a path that leaves the root', async () => {
    await expect(makeFoldersInside(work, 'files/../../escape')).rejects.toBeInstanceOf(UnsafePathError);
  });
});

describe('lstatInside, removeInside, moveInside', () => {
  beforeEach(async () => {
    await mkdir(join(work, 'files'));
    await symlink(targets.folder, join(work, 'files', 'linked'), 'dir');
  });

  it('do not go through a linked folder', async () => {
    await expect(lstatInside(work, 'files/linked/inside.txt')).rejects.toBeInstanceOf(UnsafePathError);
    await expect(removeInside(work, 'files/linked/inside.txt', 'file')).rejects.toBeInstanceOf(
      UnsafePathError,
    );
    await expect(moveInside(work, 'files/linked/inside.txt', 'files/here.txt')).rejects.toBeInstanceOf(
      UnsafePathError,
    );
    await writeFile(join(work, 'files', 'mine.txt'), 'mine');
    await expect(moveInside(work, 'files/mine.txt', 'files/linked/mine.txt')).rejects.toBeInstanceOf(
      UnsafePathError,
    );
    expect(await readFile(join(targets.folder, 'inside.txt'), 'utf8')).toBe('also outside\n');
  });

  it('report a link as a link, remove the link itself, and never move one', async () => {
    await symlink(targets.file, join(work, 'files', 'link.txt'));
    expect((await lstatInside(work, 'files/link.txt'))?.isSymbolicLink()).toBe(true);
    await expect(moveInside(work, 'files/link.txt', 'files/moved.txt')).rejects.toBeInstanceOf(
      UnsafePathError,
    );
    expect(await removeInside(work, 'files/link.txt', 'file')).toBe(true);
    expect(await lstatInside(work, 'files/link.txt')).toBeUndefined();
    expect(await readFile(targets.file, 'utf8')).toContain('must stay');
  });

  it('move a regular file into folders they create', async () => {
    await writeFile(join(work, 'files', 'a.txt'), 'a');
    await moveInside(work, 'files/a.txt', '.moving/x/a');
    expect(await readFile(join(work, '.moving', 'x', 'a'), 'utf8')).toBe('a');
    expect(await removeInside(work, 'files/a.txt', 'file')).toBe(false);
  });
});
