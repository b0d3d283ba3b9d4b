/**
 * How a backup or verify ends, and the exit codes of the commands (docs/backup.md):
 *
 * | code | backup | verify |
 * | --- | --- | --- |
 * | 0 | complete: every file and the export saved | every file matches the manifest |
 * | 1 | failed: nothing usable (the hub could not be read, the folder is busy or unreadable) | differences found |
 * | 2 | bad arguments, missing credentials, a folder holding another hub's or channel's backup | bad arguments, no manifest |
 * | 3 | partial: some files (or the export) failed, the rest is saved; run again to continue | the last backup run did not complete (`incomplete`): run backup again |
 * | 4 | the hub refused the credentials | — |
 * | 130 | interrupted (Ctrl-C): what was done is saved; run again to continue | interrupted |
 */
export const EXIT_CODES = {
  complete: 0,
  failed: 1,
  usage: 2,
  partial: 3,
  'auth-failed': 4,
  interrupted: 130,
} as const;

export type BackupStatus = 'complete' | 'partial' | 'failed' | 'auth-failed' | 'interrupted';

/** What a backup run did, as its last event and its result. */
export interface BackupSummary {
  status: BackupStatus;
  exitCode: number;
  /** The backup folder (absolute). */
  out: string;
  files: {
    /** Files on the hub. */
    total: number;
    downloaded: number;
    unchanged: number;
    /** Local copies moved because their name or folder changed on the hub. */
    moved: number;
    failed: number;
    /** Files gone from the hub whose local copies are kept. */
    gone: number;
    /** Local copies deleted by `--prune`. */
    pruned: number;
  };
  bytes: {
    /** Size of all files on the hub. */
    total: number;
    /** Bytes fetched from the hub in this run: of the files saved, and of the downloads left partial. */
    fetched: number;
    /** Bytes of earlier runs' partial downloads continued instead of fetched again (complete or not). */
    resumed: number;
    /**
     * Bytes of the hub's files on disk now, from this run and earlier ones: the complete copies
     * and the partial downloads the next run continues. `total` once the run is complete.
     */
    onDisk: number;
  };
  export: 'saved' | 'failed' | 'skipped';
  durationMs: number;
  /** The files that failed, and why. */
  failures: { path: string; error: string }[];
  /** Why the run failed or was refused, for `failed` and `auth-failed`. */
  error?: string;
}

/** A problem found before any work: bad options or an unusable backup folder; `exitCode` says which. */
export class BackupSetupError extends Error {
  override name = 'BackupSetupError';
  readonly exitCode: number;
  constructor(exitCode: number, message: string) {
    super(message);
    this.exitCode = exitCode;
  }
}
