import { appendFile, lstat, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { VerifyEvent } from '../../src/backup/index.js';
import { createFakeSite } from '../../src/testing/index.js';
import { hasFifos, outsideTargets, plant, releaseFifos, snapshot } from '../support/fs-traps.js';
import { backup, fakeHub, ofType, readManifest, scratchDir, sha256, verify } from './support.js';

/*
 * A backup folder someone tampered with: links, FIFOs and a manifest whose paths lead elsewhere.
 * Whatever is planted, nothing outside the backup folder is written, moved or deleted, and a run
 * that could not save a file says so (exit 3) instead of "complete".
 */

afterEach(releaseFifos);

/** A scratch folder holding the backup (`backup/`) and files outside it (`outside/`). */
async function setting() {
  const scratch = await scratchDir();
  const out = join(scratch, 'backup');
  const targets = await outsideTargets(scratch);
  return { out, targets, documents: join(out, 'files', 'Documents') };
}

describe('a backup folder with a trap planted in it', () => {
  it('a link at .<name>.part: the file fails (exit 3), the link target is untouched, the manifest does not list it', async () => {
    const server = await fakeHub();
    const { out, targets, documents } = await setting();
    await mkdir(documents, { recursive: true });
    await symlink(targets.file, join(documents, '.big.bin.part'));
    const before = await snapshot(targets.dir);

    const run = await backup(server, out);

    expect(run.code).toBe(3);
    const [failure] = ofType(run.events, 'file-failed');
    expect(failure).toMatchObject({
      path: 'files/Documents/big.bin',
      error: expect.stringMatching(/symbolic link/),
    });
    expect(await snapshot(targets.dir)).toEqual(before);
    expect((await lstat(join(documents, '.big.bin.part'))).isSymbolicLink()).toBe(true);
    const manifest = await readManifest(out);
    expect(manifest.files.map((file) => file.path)).not.toContain('files/Documents/big.bin');
    expect(manifest.files.map((file) => file.path)).toContain('files/Documents/notes.txt');
    for (const file of manifest.files) expect((await lstat(join(out, file.path))).isFile()).toBe(true);
  });

  it('a saved copy replaced by a link (to a file of the same bytes) is not a copy: verify says so, backup replaces it', async () => {
    const server = await fakeHub();
    const { out, targets, documents } = await setting();
    expect((await backup(server, out)).code).toBe(0);
    const notes = join(documents, 'notes.txt');
    await writeFile(targets.file, await readFile(notes));
    await rm(notes);
    await symlink(targets.file, notes);
    const before = await snapshot(targets.dir);

    const checked = await verify(out);
    expect(checked.code).toBe(1);
    const events = checked.output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as VerifyEvent);
    expect(events.filter((event) => event.type === 'changed')).toEqual([
      expect.objectContaining({
        path: 'files/Documents/notes.txt',
        detail: expect.stringMatching(/symbolic link/),
      }),
    ]);

    const run = await backup(server, out);
    expect(run.code).toBe(0);
    expect(ofType(run.events, 'file').map((event) => event.path)).toEqual(['files/Documents/notes.txt']);
    expect((await lstat(notes)).isFile()).toBe(true);
    expect(await snapshot(targets.dir)).toEqual(before);
    expect((await verify(out)).code).toBe(0);
  });

  it('a linked folder at files/Documents receives none of the hub files (exit 3)', async () => {
    const server = await fakeHub();
    const { out, targets } = await setting();
    await mkdir(join(out, 'files'), { recursive: true });
    await symlink(targets.folder, join(out, 'files', 'Documents'), 'dir');
    const before = await snapshot(targets.dir);

    const run = await backup(server, out);

    expect(run.code).toBe(3);
    expect(await snapshot(targets.dir)).toEqual(before);
    const failed = ofType(run.events, 'file-failed').map((event) => event.path);
    expect(failed).toContain('files/Documents/notes.txt');
    expect(failed.every((path) => path.startsWith('files/Documents/'))).toBe(true);
    // The other folders are saved.
    expect((await readManifest(out)).files.map((file) => file.path)).toContain('files/Photos/sunset.png');
  });

  it('a link at files/ itself stops the run before anything is written (exit 1)', async () => {
    const server = await fakeHub();
    const { out, targets } = await setting();
    await mkdir(out);
    await symlink(targets.folder, join(out, 'files'), 'dir');
    const before = await snapshot(targets.dir);

    const run = await backup(server, out);

    expect(await snapshot(targets.dir)).toEqual(before);
    expect(run.code).toBe(1);
    expect(run.errors).toMatch(/symbolic link/);
  });

  it.skipIf(!hasFifos)('a FIFO at .<name>.part does not hang the run: the file fails (exit 3)', async () => {
    const server = await fakeHub();
    const { out, documents } = await setting();
    await mkdir(documents, { recursive: true });
    await plant('FIFO', join(documents, '.big.bin.part'), { file: '', folder: '' });

    const run = await backup(server, out);

    expect(run.code).toBe(3);
    expect(ofType(run.events, 'file-failed')).toEqual([
      expect.objectContaining({ path: 'files/Documents/big.bin', error: expect.stringMatching(/FIFO/) }),
    ]);
  });

  it('a .part longer than the file (its sidecar intact) is downloaded again, not kept with junk after it', async () => {
    const controller = new AbortController();
    const site = createFakeSite();
    const big = site.files.big;
    const watched = Object.create(site, {
      handler: {
        value: (request: Request) => {
          const url = new URL(request.url);
          if (url.searchParams.get('file_id') === big.file_id && Number(url.searchParams.get('start')) > 0)
            controller.abort();
          return site.handler(request);
        },
      },
    }) as typeof site;
    const server = await fakeHub({ site: watched });
    const { out, documents } = await setting();
    const slow = ['--chunk-size', '256k', '--chunk-concurrency', '1', '--concurrency', '1'];
    expect((await backup(server, out, slow, { signal: controller.signal })).code).toBe(130);
    await appendFile(join(documents, '.big.bin.part'), Buffer.alloc(big.filesize, 0x41));

    const run = await backup(server, out, slow);

    expect(run.code).toBe(0);
    expect(sha256(await readFile(join(documents, 'big.bin')))).toBe(big.sha256);
    const saved = ofType(run.events, 'file').find((event) => event.path === 'files/Documents/big.bin');
    expect(saved).toMatchObject({ resumed: 0, sha256: big.sha256 });
    expect((await verify(out)).code).toBe(0);
  });
});

describe('a manifest whose paths lead out of the backup folder', () => {
  /** A complete backup whose manifest is then edited by `edit`. */
  async function tampered(edit: (manifest: Awaited<ReturnType<typeof readManifest>>) => void) {
    const server = await fakeHub();
    const { out, targets } = await setting();
    expect((await backup(server, out)).code).toBe(0);
    const manifest = await readManifest(out);
    edit(manifest);
    await writeFile(join(out, 'manifest.json'), JSON.stringify(manifest));
    return { server, out, targets, before: await snapshot(targets.dir) };
  }

  it('is refused by backup (exit 1): no outside file is moved into the backup', async () => {
    const { server, out, targets, before } = await tampered((manifest) => {
      const notes = manifest.files.find((file) => file.path === 'files/Documents/notes.txt')!;
      // The outside file's size: the old code took it for the local copy of a renamed file.
      notes.path = 'files/../../outside/target.txt';
      notes.size = Buffer.byteLength('outside the backup: must stay as it is\n');
    });
    await rm(join(out, 'files', 'Documents', 'notes.txt'));

    const run = await backup(server, out);

    expect(await snapshot(targets.dir)).toEqual(before);
    expect(run.code).toBe(1);
    expect(run.errors + run.output).toMatch(/manifest/);
  });

  it('is refused by backup --prune (exit 1): no outside file is deleted', async () => {
    const { server, out, targets, before } = await tampered((manifest) => {
      manifest.files.push({
        ...manifest.files[0]!,
        hash: 'gone-from-the-hub',
        path: 'files/../../outside/target.txt',
      });
    });

    const run = await backup(server, out, ['--prune']);

    expect(await snapshot(targets.dir)).toEqual(before);
    expect(run.code).toBe(1);
  });

  it('is refused by verify (exit 2), which reads nothing outside', async () => {
    const { out } = await tampered((manifest) => {
      const notes = manifest.files.find((file) => file.path === 'files/Documents/notes.txt')!;
      notes.path = 'files/../../outside/target.txt';
      notes.size = Buffer.byteLength('outside the backup: must stay as it is\n');
      notes.sha256 = sha256('outside the backup: must stay as it is\n');
    });
    // So that the old code, reading the outside file in its place, found nothing amiss.
    await rm(join(out, 'files', 'Documents', 'notes.txt'));

    const run = await verify(out);

    expect(run.code).toBe(2);
    expect(run.errors + run.output).toMatch(/files\/\.\.\/\.\.\/outside\/target\.txt|inside files/);
  });

  it.each([
    ['an absolute path', '/etc/passwd'],
    ['a path outside files/', 'manifest.json'],
    ['a NUL', 'files/a\0b'],
  ])('refuses %s', async (_, path) => {
    const { server, out } = await tampered((manifest) => {
      manifest.files[0]!.path = path;
    });
    expect((await backup(server, out)).code).toBe(1);
    expect((await verify(out)).code).toBe(2);
  });
});
