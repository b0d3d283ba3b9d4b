import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VerifyEvent } from '../../src/backup/index.js';
import { backup, fakeHub, scratchDir, verify } from './support.js';

const eventsOf = (output: string) =>
  output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as VerifyEvent);

describe('verify', () => {
  it('passes on a fresh backup and catches a modified, a missing and an extra file', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    const clean = await verify(out);
    expect(clean.code).toBe(0);
    const summary = eventsOf(clean.output).at(-1);
    expect(summary).toMatchObject({ type: 'summary', status: 'match', missing: 0, changed: 0, extra: 0 });
    // Every file of the manifest plus the export.
    expect(summary).toMatchObject({ checked: summary?.type === 'summary' ? summary.matching : -1 });

    // Same size, one byte different: only the hash can tell.
    const notes = join(out, 'files', 'Documents', 'notes.txt');
    const bytes = await readFile(notes);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await writeFile(notes, bytes);
    await rm(join(out, 'files', 'Vacation', 'beach.jpg'));
    await writeFile(join(out, 'files', 'Documents', 'stray.txt'), 'not from the hub');
    // An interrupted download's leftovers are no difference.
    await writeFile(join(out, 'files', 'Documents', '.big.bin.part'), 'partial');

    const dirty = await verify(out);
    expect(dirty.code).toBe(1);
    const events = eventsOf(dirty.output);
    expect(events.filter((event) => event.type !== 'start' && event.type !== 'summary')).toEqual(
      expect.arrayContaining([
        { type: 'changed', path: 'files/Documents/notes.txt', detail: expect.stringMatching(/^SHA-256 /) },
        { type: 'missing', path: 'files/Vacation/beach.jpg' },
        { type: 'extra', path: 'files/Documents/stray.txt' },
        { type: 'partial', path: 'files/Documents/.big.bin.part' },
      ]),
    );
    expect(events.at(-1)).toMatchObject({
      status: 'differences',
      missing: 1,
      changed: 1,
      extra: 1,
      partial: 1,
    });

    // The export is checked too.
    await writeFile(
      notes,
      bytes.map((byte, index) => (index === 0 ? byte ^ 1 : byte)),
    );
    await writeFile(join(out, 'files', 'Vacation', 'beach.jpg'), '');
    await rm(join(out, 'files', 'Documents', 'stray.txt'));
    await writeFile(join(out, 'channel-export.json'), '{}');
    const exportChanged = eventsOf((await verify(out)).output);
    expect(exportChanged).toEqual(
      expect.arrayContaining([{ type: 'changed', path: 'channel-export.json', detail: expect.any(String) }]),
    );
  });

  it('says plainly what differs, and exits 2 without a manifest', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    await rm(join(out, 'files', 'Documents', 'notes.txt'));
    const plain = await verify(out, []);
    expect(plain.code).toBe(1);
    expect(plain.output).toContain('MISSING files/Documents/notes.txt');
    expect(plain.output).toMatch(/Backup DIFFERS from its manifest: 1 missing, 0 changed, 0 extra/);

    const empty = await scratchDir();
    await mkdir(join(empty, 'files'));
    const none = await verify(empty, []);
    expect(none.code).toBe(2);
    expect(none.errors).toMatch(/holds no backup/);
    expect((await verify(empty, ['--bogus'])).code).toBe(2);
    expect((await verify(empty, ['--help'])).output).toMatch(/--out DIR[\s\S]*--concurrency N[\s\S]*--json/);
  });
});
