import { mkdir, rmdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { makeFoldersInside, removeInside, UnsafePathError } from '../node/fs/index.js';
import type { BackupOptions } from './backup-options.js';
import { BackupRun } from './backup-run.js';
import { saveExport } from './channel-export.js';
import { describeError, sweepAtomicLeftovers } from './fs-utils.js';
import { FILES_DIR, JOURNAL_DIR, MANIFEST_FILE } from './layout.js';
import { lockFolder } from './lock.js';
import { emptyManifest, ManifestStore } from './manifest.js';
import { mirror } from './mirror.js';
import { BackupSetupError, type BackupSummary, EXIT_CODES } from './outcome.js';
import { PendingIntents } from './pending-intents.js';
import { listHubFiles } from './plan-mirror.js';
import { readPreviousManifest, recoverKilledRun } from './previous-run.js';
import { RunRecord } from './run-record.js';

/**
 * Backs up a channel into `options.out`: the export as `channel-export.json`, every file of the
 * cloud storage below `files/` in its folder tree, and `manifest.json`. Only what is new or changed
 * is fetched; partial downloads continue. Resolves with the summary (also the last event); rejects
 * only with a {@link BackupSetupError} (bad folder) or an unexpected error.
 */
export async function runBackup(options: BackupOptions): Promise<BackupSummary> {
  const out = resolve(options.out);
  // The folder itself is the user's choice (it may be a link); below it, nothing is followed.
  const created = (await mkdir(out, { recursive: true })) !== undefined;
  await makeFoldersInside(out, FILES_DIR).catch((error: unknown) => {
    if (!(error instanceof UnsafePathError)) throw error;
    throw new BackupSetupError(EXIT_CODES.failed, describeError(error));
  });
  const release = await lockFolder(out);
  let summary: BackupSummary;
  try {
    // What killed runs left of the manifest's and the export's atomic writes.
    await sweepAtomicLeftovers(out);
    summary = await backUp(options, out);
  } finally {
    await release();
  }
  if (created && refusedEmpty(summary)) await removeRefusedFolder(out);
  return summary;
}

/** A run refused at login that saved nothing: its folder holds no backup, only an empty frame. */
function refusedEmpty(summary: BackupSummary): boolean {
  return summary.status === 'auth-failed' && summary.files.downloaded === 0 && summary.export !== 'saved';
}

/**
 * Removes the folder a run refused at login created, so that no folder looking like a backup is
 * left behind: only the entries a run writes, each only if it is what the run left (a file, an
 * empty folder), then the folder if that emptied it. Anything else keeps the folder, whose
 * manifest says `auth-failed` (which `verify` refuses).
 */
async function removeRefusedFolder(out: string): Promise<void> {
  const entries: [string, 'file' | 'folder'][] = [
    [MANIFEST_FILE, 'file'],
    [FILES_DIR, 'folder'],
    [JOURNAL_DIR, 'folder'],
  ];
  for (const [name, kind] of entries) await removeInside(out, name, kind).catch(() => {});
  await rmdir(out).catch(() => {});
}

/** One run in the locked folder: take over from the last run, export, mirror the files, sum up. */
async function backUp(options: BackupOptions, out: string): Promise<BackupSummary> {
  const record = new RunRecord();
  const previous = await readPreviousManifest(out, options.hubUrl);
  const now = new Date().toISOString();
  const pending = new PendingIntents(out);
  const store = new ManifestStore(out, previous ?? emptyManifest(options.hubUrl, now), {
    intervalMs: options.manifestIntervalMs,
    onWritten: (written) => pending.dropWritten(written),
  });
  const journal = await recoverKilledRun(out, store, pending);
  const run = new BackupRun(options, out, store, pending, record);
  store.update({ lastRun: { startedAt: now, status: 'running' } });
  run.emit({ type: 'start', hub: options.hubUrl, out, incremental: previous !== undefined });

  try {
    if (options.export) await saveExport(run, options.export);
    const records = run.stopped() ? undefined : await listHubFiles(run);
    if (records) await mirror(run, records, previous?.folders ?? [], journal);
  } catch (error) {
    // A refusal (another channel's folder) writes nothing; anything else keeps what was done.
    if (error instanceof BackupSetupError) store.discard();
    else await store.flush().catch(() => {});
    throw error;
  }

  const status = record.status(options.signal?.aborted === true);
  const finishedAt = new Date().toISOString();
  const error = status === 'complete' ? undefined : record.fatal;
  store.update({ lastRun: { startedAt: now, finishedAt, status, ...(error !== undefined && { error }) } });
  try {
    await store.flush();
  } catch (error) {
    record.fatal ??= `the manifest could not be written: ${describeError(error)}`;
  }
  // Empty once every completed file is in the written manifest (unfinished downloads keep theirs).
  await removeInside(out, JOURNAL_DIR, 'folder').catch(() => {});
  const summary = record.summary(record.fatal && status === 'complete' ? 'partial' : status, out);
  run.emit({ type: 'summary', ...summary });
  return summary;
}
