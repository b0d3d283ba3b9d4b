import { makeFoldersInside, removeInside } from '../node/fs/index.js';
import type { BackupRun } from './backup-run.js';
import { describeError } from './fs-utils.js';
import { STAGING_DIR } from './layout.js';
import type { ManifestFile, ManifestFolder } from './manifest.js';
import { flushAndRemoveMoves, writeMoves } from './move-journal.js';
import type { PlannedMove } from './plan.js';
import { type TreeEntry, totalSize } from './walk.js';

/*
 * The changes a plan makes to the local copies that need no download: files gone from the hub
 * (kept and marked, or pruned), copies moved to the hub's new names and folders, the folders
 * themselves, and the entries of unchanged files. Each failure is a warning: the file is then
 * downloaded again, or left as it was for the next run.
 */

/** Prunes or marks the files gone from the hub (`goneSince` stays that of the first run to miss them). */
export async function markGone(run: BackupRun, gone: ManifestFile[]): Promise<void> {
  const now = new Date().toISOString();
  for (const file of gone) {
    if (run.options.prune) {
      try {
        await removeInside(run.out, file.path, 'file');
        await run.copies.removeParked(file.hash);
      } catch (error) {
        run.warn(`could not delete ${file.path}: ${describeError(error)}`);
        continue;
      }
      run.store.removeFile(file.hash);
      run.record.counts.pruned++;
      run.emit({ type: 'pruned', path: file.path });
      continue;
    }
    run.record.counts.gone++;
    if (file.goneSince !== undefined) continue;
    run.store.setFile({ ...file, goneSince: now });
    run.emit({ type: 'gone', path: file.path });
  }
}

/**
 * Moves the local copies to their new places in two steps (local-copies.ts) and makes the hub's
 * folders in between, where the second step needs them. Resolves with the hashes of the files
 * whose copy could not be moved: those are downloaded again.
 */
export async function moveCopies(
  run: BackupRun,
  moves: PlannedMove[],
  folders: TreeEntry[],
): Promise<Set<string>> {
  const unmoved = new Set<string>();
  const parked = await run.copies.park(moves, unmoved);
  // Once the second step has begun, a manifest path may hold another file's copy: the moves are
  // written down first, and the manifest right after the last one (journal.ts, recoverMoves).
  const record = parked.map(({ entry, from }) => ({ hash: from.hash, path: entry.path }));
  if (record.length > 0) await writeMoves(run.out, record);
  await makeFolders(run, folders);
  for (const { entry, from } of await run.copies.unpark(parked, unmoved)) {
    run.store.setFile({ ...onHubAgain(from), path: entry.path });
    run.record.counts.moved++;
    run.emit({ type: 'moved', from: from.path, to: entry.path });
  }
  if (record.length > 0) await flushAndRemoveMoves(run.out, run.store);
  return unmoved;
}

/** Makes the hub's folders (real folders, no link followed) and records them in the manifest. */
async function makeFolders(run: BackupRun, folders: TreeEntry[]): Promise<void> {
  for (const folder of folders) {
    await makeFoldersInside(run.out, folder.path).catch((error: unknown) =>
      run.warn(`could not create ${folder.path}: ${describeError(error)}`),
    );
  }
  run.store.update({
    folders: folders.map(({ record, path, hubPath }) => ({
      path,
      hash: record.hash,
      name: record.filename,
      hubPath,
    })),
  });
}

/** Files whose local copy is of the hub's version: counted as on disk, their entries kept up to date. */
export function keepUnchanged(run: BackupRun, unchanged: TreeEntry[]): void {
  for (const entry of unchanged) keep(run, entry);
  run.record.counts.unchanged = unchanged.length;
  run.record.bytes.onDisk += totalSize(unchanged);
}

/** An unchanged file: its entry follows the hub's name and place, and it is on the hub again. */
function keep(run: BackupRun, entry: TreeEntry): void {
  const before = run.store.file(entry.record.hash);
  if (!before) return;
  const after = {
    ...onHubAgain(before),
    path: entry.path,
    name: entry.record.filename,
    hubPath: entry.hubPath,
  };
  if (JSON.stringify(after) !== JSON.stringify(before)) run.store.setFile(after);
}

/** A file's entry without its `goneSince`: the hub lists it (again). */
function onHubAgain(file: ManifestFile): ManifestFile {
  const { goneSince: _, ...kept } = file;
  return kept;
}

/** Removes the folders of the last run that are gone and empty now, deepest first, and `.moving/`. */
export async function tidy(
  run: BackupRun,
  oldFolders: ManifestFolder[],
  folders: TreeEntry[],
): Promise<void> {
  const kept = new Set(folders.map((folder) => folder.path));
  const stale = oldFolders.filter((folder) => !kept.has(folder.path)).map((folder) => folder.path);
  stale.sort((a, b) => b.split('/').length - a.split('/').length);
  for (const path of [...stale, STAGING_DIR]) await removeInside(run.out, path, 'folder').catch(() => {});
}
