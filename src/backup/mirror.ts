import type { Attach } from '../index.js';
import type { BackupRun } from './backup-run.js';
import { downloadAll } from './download-files.js';
import type { JournalState } from './journal.js';
import { keepUnchanged, markGone, moveCopies, tidy } from './local-changes.js';
import type { ManifestFolder } from './manifest.js';
import { planMirror } from './plan-mirror.js';

/**
 * Brings `files/` to the hub's state: plan, prune, moves, folders, downloads, then tidying. The
 * order matters: gone files free their places before the moves, and copies that could not be
 * moved are downloaded again with the changed files.
 */
export async function mirror(
  run: BackupRun,
  records: Attach[],
  oldFolders: ManifestFolder[],
  journal: JournalState,
): Promise<void> {
  const { tree, plan } = await planMirror(run, records, oldFolders, journal);
  await markGone(run, plan.gone);
  const unmoved = await moveCopies(run, plan.moves, tree.folders);
  keepUnchanged(
    run,
    plan.unchanged.filter((entry) => !unmoved.has(entry.record.hash)),
  );
  await downloadAll(run, [
    ...plan.downloads,
    ...plan.unchanged.filter((entry) => unmoved.has(entry.record.hash)),
  ]);
  await tidy(run, oldFolders, tree.folders);
}
