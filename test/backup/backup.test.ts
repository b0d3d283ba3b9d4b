import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
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
} from './support.js';

describe('backup', () => {
  it('mirrors every file byte-exact in its folder tree, with the export and a manifest', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    const run = await backup(server, out);
    expect(run.errors).toBe('');
    expect(run.code).toBe(0);

    const manifest = await readManifest(out);
    const files = aliceFiles(server);
    expect(files.length).toBeGreaterThan(5);
    expect(manifest.files).toHaveLength(files.length);
    for (const file of files) {
      const entry = manifest.files.find((candidate) => candidate.hash === file.hash);
      expect(entry, file.display_path).toBeDefined();
      // The folder tree with the hub's names (the seeded names are all safe already).
      expect(entry?.path).toBe(`files/${file.display_path}`);
      const local = await readFile(join(out, ...entry!.path.split('/')));
      expect(sha256(local), file.display_path).toBe(sha256(file.content()));
      expect(entry?.sha256).toBe(sha256(file.content()));
      expect(entry?.size).toBe(file.filesize);
    }
    // Folders, even empty ones, exist.
    expect((await stat(join(out, 'files', 'Documents'))).isDirectory()).toBe(true);

    // The export: the default sections, readable by the owner only (it holds the private key).
    const exported = JSON.parse(await readFile(join(out, 'channel-export.json'), 'utf8'));
    expect(exported.relocate.channel_address).toBe('alice');
    // The sections channel, connections, config and apps, in the hub's own keys.
    expect(Object.keys(exported)).toEqual(
      expect.arrayContaining(['channel', 'abook', 'xchan', 'config', 'app']),
    );
    expect((await stat(join(out, 'channel-export.json'))).mode & 0o777).toBe(0o600);
    expect(manifest.export?.sections).toEqual(['channel', 'connections', 'config', 'apps']);
    expect(manifest.channel).toBe('alice');
    expect(manifest.lastRun.status).toBe('complete');

    // Nothing else: no partial or temporary files left.
    expect((await readdir(out)).sort()).toEqual(['channel-export.json', 'files', 'manifest.json']);

    const summary = ofType(run.events, 'summary')[0];
    expect(summary).toMatchObject({ status: 'complete', exitCode: 0, export: 'saved' });
    expect(summary?.files).toMatchObject({ total: files.length, downloaded: files.length, failed: 0 });
    expect(summary?.bytes.fetched).toBe(files.reduce((sum, file) => sum + file.filesize, 0));
  });

  it('a second run transfers nothing; a changed file is fetched again, alone', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    expect((await backup(server, out)).code).toBe(0);
    const afterFirst = filedataRequests(server).length;
    expect(afterFirst).toBeGreaterThan(0);

    const requestsBefore = server.site.requests.length;
    const second = await backup(server, out);
    expect(second.code).toBe(0);
    expect(filedataRequests(server).length).toBe(afterFirst);
    // The export and the file list, nothing else.
    expect(
      server.site.requests.slice(requestsBefore).map((request) => new URL(request.url).pathname),
    ).toEqual(['/api/z/1.0/channel/export/basic', '/api/z/1.0/files']);
    expect(ofType(second.events, 'summary')[0]).toMatchObject({
      files: { downloaded: 0, unchanged: aliceFiles(server).length },
      bytes: { fetched: 0 },
    });

    // The hub's copy of notes.txt changes (new content, size and edit time, as an edit does).
    const notes = aliceFiles(server).find((file) => file.filename === 'notes.txt')!;
    const content = new TextEncoder().encode('Changed notes, longer than before.\n');
    Object.assign(notes, { content: () => content, filesize: content.length, edited: '2026-11-23 10:00:00' });
    const third = await backup(server, out);
    expect(third.code).toBe(0);
    const fetched = filedataRequests(server).slice(afterFirst);
    expect(new Set(fetched.map((request) => request.fileId))).toEqual(new Set([notes.hash]));
    expect(await readFile(join(out, 'files', 'Documents', 'notes.txt'), 'utf8')).toBe(
      'Changed notes, longer than before.\n',
    );
    const entry = (await readManifest(out)).files.find((file) => file.hash === notes.hash);
    expect(entry).toMatchObject({
      size: content.length,
      sha256: sha256(content),
      edited: '2026-11-23T10:00:00.000Z',
    });
  });

  it('a local copy deleted or cut short is fetched again', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    await writeFile(join(out, 'files', 'Documents', 'notes.txt'), 'cut');
    const before = filedataRequests(server).length;
    const run = await backup(server, out);
    expect(run.code).toBe(0);
    expect(ofType(run.events, 'file').map((event) => event.path)).toEqual(['files/Documents/notes.txt']);
    expect(filedataRequests(server).length).toBe(before + 1);
  });
});
