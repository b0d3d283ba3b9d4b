import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  aliceFiles,
  backup,
  fakeHub,
  filedataRequests,
  ofType,
  readManifest,
  scratchDir,
  sha256,
  verify,
} from './support.js';

describe('a backup that follows changes on the hub', () => {
  it('keeps the local copy of a file deleted on the hub, and deletes it with --prune', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    const files = server.site.state.hub.files;
    const notes = files.find((file) => file.display_path === 'Documents/notes.txt')!;
    files.splice(files.indexOf(notes), 1);

    const kept = await backup(server, out);
    expect(kept.code).toBe(0);
    expect(ofType(kept.events, 'gone')).toEqual([{ type: 'gone', path: 'files/Documents/notes.txt' }]);
    expect(ofType(kept.events, 'summary')[0]?.files.gone).toBe(1);
    expect(await readdir(join(out, 'files', 'Documents'))).toContain('notes.txt');
    const entry = (await readManifest(out)).files.find((file) => file.hash === notes.hash);
    expect(entry?.goneSince).toMatch(/^\d{4}-/);
    expect((await verify(out)).code).toBe(0);

    // Still gone: counted, not reported again.
    const again = await backup(server, out);
    expect(ofType(again.events, 'gone')).toEqual([]);
    expect(ofType(again.events, 'summary')[0]?.files.gone).toBe(1);

    const pruned = await backup(server, out, ['--prune']);
    expect(pruned.code).toBe(0);
    expect(ofType(pruned.events, 'pruned')).toEqual([{ type: 'pruned', path: 'files/Documents/notes.txt' }]);
    expect(await readdir(join(out, 'files', 'Documents'))).not.toContain('notes.txt');
    expect((await readManifest(out)).files.find((file) => file.hash === notes.hash)).toBeUndefined();
    expect((await verify(out)).code).toBe(0);
  });

  it('a new file under the name of a deleted one does not overwrite the kept copy', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    const files = server.site.state.hub.files;
    files.splice(
      files.findIndex((file) => file.display_path === 'Documents/notes.txt'),
      1,
    );
    const replacement = server.site.addFile({
      filename: 'notes.txt',
      folder: 'Documents',
      bytes: 'new notes\n',
    });
    expect((await backup(server, out)).code).toBe(0);
    const manifest = await readManifest(out);
    const path = manifest.files.find((file) => file.hash === replacement.file_id)?.path;
    expect(path).toMatch(/^files\/Documents\/notes~\w{8}\.txt$/);
    expect(await readFile(join(out, 'files', 'Documents', 'notes.txt'), 'utf8')).toBe(
      'Line one of notes\nLine two: Hubzilla test file\n',
    );
    expect(await readFile(join(out, ...path!.split('/')), 'utf8')).toBe('new notes\n');
  });

  it('moves local copies of renamed files instead of fetching them, even when two swap names', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    const files = aliceFiles(server);
    const notes = files.find((file) => file.display_path === 'Documents/notes.txt')!;
    const readme = files.find((file) => file.display_path === 'Documents/readme.md')!;
    const beach = files.find((file) => file.filename === 'beach.jpg')!;
    const documents = server.site.state.hub.files.find((file) => file.display_path === 'Documents')!;
    Object.assign(notes, { filename: 'readme.md', display_path: 'Documents/readme.md' });
    Object.assign(readme, { filename: 'notes.txt', display_path: 'Documents/notes.txt' });
    Object.assign(beach, { folder: documents.hash, display_path: 'Documents/beach.jpg' });
    const before = filedataRequests(server).length;

    const run = await backup(server, out);
    expect(run.code).toBe(0);
    expect(filedataRequests(server).length).toBe(before);
    expect(
      ofType(run.events, 'moved')
        .map(({ from, to }) => `${from} → ${to}`)
        .sort(),
    ).toEqual([
      'files/Documents/notes.txt → files/Documents/readme.md',
      'files/Documents/readme.md → files/Documents/notes.txt',
      'files/Vacation/beach.jpg → files/Documents/beach.jpg',
    ]);
    expect(await readFile(join(out, 'files', 'Documents', 'readme.md'), 'utf8')).toBe(
      'Line one of notes\nLine two: Hubzilla test file\n',
    );
    expect(await readFile(join(out, 'files', 'Documents', 'notes.txt'), 'utf8')).toMatch(/^# Read me/);
    expect(await readdir(join(out, 'files', 'Vacation'))).toEqual([]);
    expect(await readdir(out)).not.toContain('.moving');
    expect((await verify(out)).code).toBe(0);
  });

  it('puts back a copy that a killed run left half-way through a move', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    const notes = server.site.files.notes;
    // Where the first step of a move parks a file: .moving/<start of the SHA-256 of its hub hash>.
    await mkdir(join(out, '.moving'));
    await rename(
      join(out, 'files', 'Documents', 'notes.txt'),
      join(out, '.moving', sha256(notes.file_id).slice(0, 32)),
    );
    const before = filedataRequests(server).length;
    const run = await backup(server, out);
    expect(run.code).toBe(0);
    expect(filedataRequests(server).length).toBe(before);
    expect(ofType(run.events, 'moved')).toHaveLength(1);
    expect(await readdir(out)).not.toContain('.moving');
    expect((await verify(out)).code).toBe(0);
  });
});
