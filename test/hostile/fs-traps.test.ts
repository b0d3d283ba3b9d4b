import { cp, lstat, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { backup, readManifest, verify } from '../backup/support.js';
import { hasFifos, outsideTargets, plant, releaseFifos, snapshot, TRAP_KINDS } from '../support/fs-traps.js';
import { TRAP_OUTCOMES, TRAP_PLACES } from './matrix/fs-trap-cases.js';

/** The file-system rows of the fault matrix (matrix/fs-trap-cases.ts), on a real file system. */

let server: FakeServer;
let scratch: string;
/** A complete backup of alice's channel, copied for each cell. */
let template: string;
beforeAll(async () => {
  server = await startFakeServer();
  scratch = await mkdtemp(join(tmpdir(), 'socialsite-traps-'));
  template = join(scratch, 'template');
  expect((await backup(server, template)).code).toBe(0);
});
afterEach(releaseFifos);
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

const kinds = TRAP_KINDS.filter((kind) => hasFifos || kind !== 'FIFO');
let cellCount = 0;

describe.each(kinds)('%s', (kind) => {
  const places = TRAP_PLACES.filter((place) => TRAP_OUTCOMES[kind][place.id] !== undefined);
  it.each(places.map((place) => [place.title, place] as const))('at %s', async (_, place) => {
    const expected = TRAP_OUTCOMES[kind][place.id]!;
    const cell = join(scratch, `cell-${++cellCount}`);
    const out = join(cell, 'backup');
    await cp(template, out, { recursive: true });
    const targets = await outsideTargets(cell);
    for (const path of place.clear) await rm(join(out, path), { recursive: true, force: true });
    const trap = join(out, place.path);
    await plant(kind, trap, targets);
    const trapBefore = await lstat(trap);
    const outsideBefore = await snapshot(targets.dir);

    const run = await backup(server, out);

    // Whatever the cell: nothing outside the backup folder changed.
    expect(await snapshot(targets.dir)).toEqual(outsideBefore);
    expect(run.code, run.errors + run.output.slice(-2000)).toBe(expected.exit);
    const trapAfter = await lstat(trap).catch(() => undefined);
    if (expected.trap === 'left')
      expect([trapAfter?.ino, trapAfter?.mode]).toEqual([trapBefore.ino, trapBefore.mode]);
    else if (expected.trap === 'removed') expect(trapAfter).toBeUndefined();
    else {
      expect(trapAfter?.isFile()).toBe(true);
      expect(trapAfter?.nlink).toBe(1);
    }
    if (run.code === 0) {
      // A complete run lists regular files only, and its copy verifies.
      for (const file of (await readManifest(out)).files)
        expect((await lstat(join(out, file.path))).isFile()).toBe(true);
      expect((await verify(out)).code).toBe(0);
    }
    await rm(cell, { recursive: true, force: true });
  });
});
