import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backup, fakeHub, filedataRequests, readManifest, scratchDir, verify } from './support.js';

describe('what a killed backup leaves, at the next run', () => {
  it('temporary files of atomic writes (the export copy holds the private key) are reported by verify, then removed', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    expect((await backup(server, out)).code).toBe(0);
    const exportCopy = '.channel-export.json.0123456789ab.tmp';
    const manifestCopy = '.manifest.json.cdef01234567.tmp';
    await writeFile(join(out, exportCopy), await readFile(join(out, 'channel-export.json')), { mode: 0o600 });
    await writeFile(join(out, manifestCopy), '{"format":');

    const before = await verify(out);
    expect(before.code).toBe(0);
    expect(before.events.filter((event) => (event.type as string) === 'partial')).toEqual([
      { type: 'partial', path: exportCopy },
      { type: 'partial', path: manifestCopy },
    ]);
    expect((await backup(server, out)).code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['channel-export.json', 'files', 'manifest.json']);
  });

  it('a .part.json without its .part beside a listed file (killed after the rename) is removed', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    expect((await backup(server, out)).code).toBe(0);
    const documents = join(out, 'files', 'Documents');
    const notes = server.site.files.notes;
    await writeFile(
      join(documents, '.notes.txt.part.json'),
      JSON.stringify({ file_id: notes.file_id, start: 0, hash: notes.file_id, filesize: notes.filesize }),
    );
    const asked = filedataRequests(server).length;
    expect((await backup(server, out)).code).toBe(0);
    expect(filedataRequests(server).length).toBe(asked);
    expect((await readdir(documents)).filter((name) => name.includes('.part'))).toEqual([]);
    const checked = await verify(out);
    expect(checked.code).toBe(0);
    expect(checked.events.filter((event) => event.type === 'summary')).toMatchObject([{ partial: 0 }]);
  });

  it('the partial download of a file no longer on the hub is removed, and the journal when done', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    const documents = join(out, 'files', 'Documents');
    await mkdir(documents, { recursive: true });
    await writeFile(join(documents, '.gone.bin.part'), 'bytes of a file deleted on the hub');
    await writeFile(join(documents, '.gone.bin.part.json'), '{}');
    expect((await backup(server, out)).code).toBe(0);
    expect((await readdir(documents)).filter((name) => name.includes('.part'))).toEqual([]);
    expect((await readManifest(out)).lastRun.status).toBe('complete');
    await expect(stat(join(out, '.journal'))).rejects.toThrow(/ENOENT/);
  });
});
