import type { Attach } from '../index.js';
import type { BackupRun } from './backup-run.js';
import { describeError } from './fs-utils.js';
import { dropIntents, type JournalState } from './journal.js';
import { FILES_DIR, parentOf } from './layout.js';
import type { ManifestFolder } from './manifest.js';
import { sweepPartials } from './partials.js';
import { type Plan, planRun } from './plan.js';
import { type Tree, totalSize, walkTree } from './walk.js';

/**
 * The hub's file list, or `undefined` when it could not be read (the run's failure, unless it was
 * stopped): without it the run touches nothing below `files/`.
 */
export async function listHubFiles(run: BackupRun): Promise<Attach[] | undefined> {
  try {
    const records = await run.options.hub.files.list({}, { signal: run.signal }).toArray();
    run.record.listed = true;
    return records;
  } catch (error) {
    if (!run.stopped(error)) run.record.fatal = `the file list could not be read: ${describeError(error)}`;
    return undefined;
  }
}

/**
 * Places the hub's files in the local tree and decides what changes, before anything is moved:
 * warns of what cannot be placed as the hub has it, sweeps the partial downloads and intents this
 * run will not continue, and reports the plan (`listed`).
 */
export async function planMirror(
  run: BackupRun,
  records: Attach[],
  oldFolders: ManifestFolder[],
  journal: JournalState,
): Promise<{ tree: Tree; plan: Plan }> {
  const store = run.store;
  const onHub = new Set(records.map((record) => record.hash));
  const gone = store.files.filter((file) => !onHub.has(file.hash));
  const tree = walkTree(records, {
    // Folders and files keep the names they had (a collision suffix stays with its entry).
    previous: new Map([...oldFolders, ...store.files].map((entry) => [entry.hash, entry])),
    reserved: run.options.prune ? [] : gone.map((file) => file.path),
  });
  for (const record of tree.orphans) {
    run.warn(`"${record.filename}" is in a folder the hub did not list: saved at the top`);
  }
  for (const { record, reason } of tree.skipped) {
    run.warn(`"${record.filename}" (${record.hash}) is left out: ${reason}`);
  }
  const plan = await planRun(
    tree,
    gone,
    (hash) => store.file(hash),
    (file) => run.copies.locate(file),
  );
  // Partial downloads this run will not continue, and descriptions without their bytes.
  const folders = [...oldFolders, ...tree.folders].map((folder) => folder.path);
  await sweepPartials(
    run.out,
    [FILES_DIR, ...folders, ...journal.unfinished.map((file) => parentOf(file.path))],
    plan.downloads.map((entry) => entry.path),
  );
  await dropIntents(run.out, journal.unfinished);
  run.record.filesTotal = tree.files.length;
  run.record.bytes.total = totalSize(tree.files);
  run.emit({
    type: 'listed',
    files: tree.files.length,
    folders: tree.folders.length,
    bytes: run.record.bytes.total,
    download: plan.downloads.length,
    downloadBytes: totalSize(plan.downloads),
    unchanged: plan.unchanged.length,
    moves: plan.moves.length,
    gone: plan.gone.length,
  });
  return { tree, plan };
}
