import type { Manifest } from './manifest.js';

/** Why a backup is not complete, from its manifest's `lastRun`: what happened and what to do. */
export interface IncompleteRun {
  /** The last run's status as the manifest records it (`auth-failed`, `interrupted`, `running`, …). */
  lastRun: string;
  /** The backup holds nothing: no file and no export. */
  empty: boolean;
  /** What happened, in a sentence. */
  reason: string;
  /** What to do about it. */
  advice: string;
}

/**
 * `undefined` when the last run completed; else why the backup in this folder cannot be called
 * verified, however well its listed files match: a run refused at login, interrupted, killed or
 * partial leaves a manifest listing only what it got (possibly nothing).
 */
export function incompleteRun(manifest: Manifest): IncompleteRun | undefined {
  const { status, error } = manifest.lastRun;
  if (status === 'complete') return undefined;
  const empty = manifest.files.length === 0 && manifest.export === undefined;
  const why = error ? ` (${error})` : '';
  const again = 'run "socialsite-sdk backup" again with the same --out';
  const known: Partial<Record<string, readonly [string, string]>> = {
    'auth-failed': [
      `its last run was refused at login: the hub refused the credentials${why}`,
      `check --user and HUB_PASSWORD (or the key or client id), then ${again}`,
    ],
    interrupted: ['its last run was interrupted before it finished', `${again} to continue`],
    running: [
      'its last run never completed (the process was killed, or is still running)',
      `${again} to continue`,
    ],
    partial: [`its last run saved only part of the channel${why}`, `${again} to fetch the rest`],
    failed: [`its last run failed${why}`, `fix the cause, then ${again}`],
  };
  const [reason, advice] = known[status] ?? [`its last run ended "${status}"${why}`, again];
  return { lastRun: status, empty, reason, advice };
}
