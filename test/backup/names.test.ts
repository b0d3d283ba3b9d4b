import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FolderNames, MAX_NAME_BYTES, nameKey, safeName, taggedName } from '../../src/backup/safe-name.js';
import { backup, fakeHub, readManifest, scratchDir, sha256, verify } from './support.js';

describe('safeName', () => {
  it.each([
    ['notes.txt', 'notes.txt'],
    ['../../escape.txt', '.._.._escape.txt'],
    ['..', '_'],
    ['.', '_'],
    ['', '_'],
    ['   ', '_'],
    ['/etc/passwd', '_etc_passwd'],
    ['C:\\Windows\\win.ini', 'C__Windows_win.ini'],
    ['a:b*c?d"e<f>g|h.txt', 'a_b_c_d_e_f_g_h.txt'],
    ['nul\u0000byte', 'nul_byte'],
    ['tab\there\nnewline', 'tab_here_newline'],
    ['invoice\u202Etxt.exe', 'invoice_txt.exe'],
    ['CON', '_CON'],
    ['con.txt', '_con.txt'],
    ['Lpt9.tar.gz', '_Lpt9.tar.gz'],
    ['COM¹', '_COM¹'],
    ['CONSOLE.txt', 'CONSOLE.txt'],
    ['trailing. . ', 'trailing_'],
    ['.hidden', '.hidden'],
    ['.big.bin.part', '.big.bin.part_'],
    ['.big.bin.part.json', '.big.bin.part.json_'],
    ['big.bin.part', 'big.bin.part'],
    ['Cafe\u0301.txt', 'Café.txt'],
    ['lone\uD800surrogate', 'lone\uFFFDsurrogate'],
  ])('%j → %j', (name, expected) => {
    expect(safeName(name)).toBe(expected);
  });

  it('cuts a long name on a character boundary, keeping the extension and naming the original', () => {
    const long = `${'é'.repeat(300)}.jpeg`;
    const safe = safeName(long);
    expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(MAX_NAME_BYTES);
    expect(safe).toMatch(/^é+~[0-9a-f]{8}\.jpeg$/);
    expect(safeName(`${'é'.repeat(301)}.jpeg`)).not.toBe(safe);
  });

  it('holds for any name: one component, no separators or controls, not . or .., short, a fixed point', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (name) => {
        const safe = safeName(name);
        expect(safe).not.toMatch(/[/\\:*?"<>|]/);
        expect([...safe].filter((char) => char < ' ' || char === '\u007f')).toEqual([]);
        expect(safe).not.toMatch(/[. ]$/);
        expect(['', '.', '..']).not.toContain(safe);
        expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(MAX_NAME_BYTES);
        expect(safe.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d) *$/i);
        expect(safeName(safe)).toBe(safe);
        expect(safeName(taggedName(safe, 'abcdef12'))).toBe(taggedName(safe, 'abcdef12'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('FolderNames', () => {
  it('gives names equal but for case or normalization a tag from the id', () => {
    const names = new FolderNames();
    expect(names.allocate('Report.pdf', 'aaaa1111-2222')).toBe('Report.pdf');
    expect(names.allocate('report.PDF', 'bbbb3333-4444')).toBe('report~bbbb3333.PDF');
    expect(names.allocate('Caf\u00e9', '1')).toBe('Café');
    expect(names.allocate('CAF\u00c9', '2')).toBe('CAF\u00c9~2');
    // Same id start: a longer tag, then a counter.
    expect(names.allocate('report.pdf', 'bbbb3333-5555')).toBe('report~bbbb33335555.pdf');
    expect(nameKey('STRASSE')).toBe(nameKey('straße'));
  });
});

describe('a backup of hostile names', () => {
  it('keeps every file inside the backup folder, under distinct safe names, byte-exact', async () => {
    const server = await fakeHub();
    const { site } = server;
    const hostile = [
      ['../../escape.txt', ''],
      ['..', ''],
      ['/absolute.txt', ''],
      ['sub/dir.txt', ''],
      ['back\\slash.txt', ''],
      ['CON', ''],
      ['aux.log', ''],
      ['what?*.txt', ''],
      ['nul\u0000byte.txt', ''],
      ['Same.txt', ''],
      ['same.txt', ''],
      ['Café.txt', ''],
      ['Cafe\u0301.txt', ''],
      [`${'long'.repeat(100)}.txt`, ''],
      ['.notes.txt.part', 'Documents'],
      ['inner.txt', '..'],
      ['deeper.txt', '../..'],
    ] as const;
    const added = hostile.map(([filename, folder], index) =>
      site.addFile({ filename, folder, bytes: `file ${index}: ${filename}\n` }),
    );
    const parent = await scratchDir();
    const out = join(parent, 'backup');
    const run = await backup(server, out);
    expect(run.errors).toBe('');
    expect(run.code).toBe(0);
    // Nothing beside the backup folder.
    expect(await readdir(parent)).toEqual(['backup']);

    const manifest = await readManifest(out);
    const paths = manifest.files.map((file) => file.path);
    for (const file of added) {
      const entry = manifest.files.find((candidate) => candidate.hash === file.file_id)!;
      expect(entry.path.startsWith('files/')).toBe(true);
      for (const part of entry.path.split('/')) expect(part).toBe(safeName(part));
      expect(sha256(await readFile(join(out, ...entry.path.split('/'))))).toBe(file.sha256);
      expect(entry.name).toBe(file.filename);
    }
    expect(new Set(paths.map((path) => nameKey(path))).size).toBe(paths.length);
    const pathOf = (name: string, folder = '') =>
      manifest.files.find(
        (file) => file.name === name && file.hubPath === (folder ? `${folder}/${name}` : name),
      )?.path;
    expect(pathOf('../../escape.txt')).toBe('files/.._.._escape.txt');
    expect(pathOf('CON')).toBe('files/_CON');
    // The file ".." came first and is "_": the folder ".." gets a tag.
    expect(pathOf('..')).toBe('files/_');
    expect(pathOf('inner.txt', '..')).toMatch(/^files\/_~\w{8}\/inner\.txt$/);
    expect(pathOf('deeper.txt', '../..')).toMatch(/^files\/_~\w{8}\/_\/deeper\.txt$/);
    expect(pathOf('.notes.txt.part', 'Documents')).toBe('files/Documents/.notes.txt.part_');
    expect([pathOf('Same.txt'), pathOf('same.txt')]).toEqual([
      'files/Same.txt',
      expect.stringMatching(/^files\/same~\w{8}\.txt$/),
    ]);
    expect(pathOf('Cafe\u0301.txt')).toMatch(/^files\/Café~\w{8}\.txt$/);

    // The names stay put on the next run, and the copy verifies.
    const again = await backup(server, out);
    expect(again.code).toBe(0);
    expect((await readManifest(out)).files.map((file) => file.path)).toEqual(paths);
    expect((await verify(out)).code).toBe(0);
  });
});
