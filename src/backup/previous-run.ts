import { type JournalState, recoverFinished } from './journal.js';
import { type Manifest, ManifestError, type ManifestStore, readManifest } from './manifest.js';
import { flushAndRemoveMoves, recoverMoves } from './move-journal.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';
import type { PendingIntents } from './pending-intents.js';

/*
 * What a run takes over from the runs before it: their manifest (checked to be of this hub), and
 * what a killed run left half done (moves and completed downloads the manifest does not list yet).
 */

/**
 * The manifest of the last run in `out`, if any. A folder that holds another hub's backup, or a
 * manifest that cannot be read, is refused before anything is written.
 */
export async function readPreviousManifest(out: string, hubUrl: string): Promise<Manifest | undefined> {
  try {
    const manifest = await readManifest(out);
    if (manifest && manifest.hub !== hubUrl) {
      throw new BackupSetupError(
        EXIT_CODES.usage,
        `${out} holds the backup of ${manifest.hub}, not ${hubUrl}: choose another --out`,
      );
    }
    return manifest;
  } catch (error) {
    if (!(error instanceof ManifestError)) throw error;
    throw new BackupSetupError(
      EXIT_CODES.failed,
      `${error.message}; move it away to start a new backup in this folder`,
    );
  }
}

/**
 * Gives the files a killed run moved, or completed but could not list yet, their entries first;
 * the completed ones wait in `pending` for a manifest write. Resolves with the journal's state
 * (its unfinished downloads are swept once the run is planned).
 */
export async function recoverKilledRun(
  out: string,
  store: ManifestStore,
  pending: PendingIntents,
): Promise<JournalState> {
  // Written at once: the record of the moves goes only once the manifest holds them.
  if (await recoverMoves(out, store)) await flushAndRemoveMoves(out, store);
  const journal = await recoverFinished(out, store);
  for (const { hash } of journal.recovered) {
    const entry = store.file(hash);
    if (entry) pending.awaitWrite(entry);
  }
  return journal;
}
