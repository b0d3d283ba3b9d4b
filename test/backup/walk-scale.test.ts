import { describe, expect, it } from 'vitest';
import { planRun } from '../../src/backup/plan.js';
import { nameKey } from '../../src/backup/safe-name.js';
import { walkTree } from '../../src/backup/walk.js';
import { record } from '../download/fake-file.js';

/*
 * Planning a big channel: 40,000 files in one folder (the listing built in memory, as files.list()
 * would return it). Copying the folder's list on every insert made this quadratic (10 s of CPU on
 * the machine these tests were written on); it is linear now. Asserted: the result, not the time
 * (the test timeout is the only clock).
 */

const FILES = 40_000;

function bigFolder() {
  const records = [record(0, { id: 1, hash: 'folder-big', filename: 'Big', folder: '', is_dir: true })];
  for (let index = 0; index < FILES; index++) {
    // Every 1000th name differs from another only by case: one of the two gets a tag.
    const filename = index % 1000 === 999 ? `FILE-${index - 1}.TXT` : `file-${index}.txt`;
    records.push(
      record(index, { id: FILES - index + 1, hash: `hash-${index}`, filename, folder: 'folder-big' }),
    );
  }
  return records;
}

describe('planning a folder of 40,000 files', () => {
  it('places every file once, under distinct names, in the hub order', async () => {
    const tree = walkTree(bigFolder());

    expect(tree.folders.map((entry) => entry.path)).toEqual(['files/Big']);
    expect(tree.skipped).toEqual([]);
    expect(tree.files).toHaveLength(FILES);
    // Ordered by hub id: the records were listed in the opposite order.
    const ids = tree.files.map((entry) => entry.record.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const keys = new Set(tree.files.map((entry) => nameKey(entry.path)));
    expect(keys.size).toBe(FILES);
    expect(tree.files.every((entry) => entry.path === `files/Big/${entry.path.slice(10)}`)).toBe(true);
    const tagged = tree.files.filter((entry) => entry.path !== `files/Big/${entry.record.filename}`);
    expect(tagged).toHaveLength(FILES / 1000);
    expect(tagged.every((entry) => /^files\/Big\/file-\d+~hash\d+\.txt$/.test(entry.path))).toBe(true);

    const plan = await planRun(
      tree,
      [],
      () => undefined,
      async () => undefined,
    );
    expect(plan.downloads).toHaveLength(FILES);
  });
});
