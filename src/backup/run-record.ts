import { type BackupStatus, type BackupSummary, EXIT_CODES } from './outcome.js';

/**
 * What a run has done so far, toward its summary. Every phase adds to this one record, so that the
 * status and the summary are decided in one place, from counts no phase keeps for itself.
 */
export class RunRecord {
  /** Set when the run is set up, before the manifest is read: the summary's `durationMs` counts from here. */
  readonly #started = Date.now();
  readonly failures: { path: string; error: string }[] = [];
  readonly counts = { downloaded: 0, unchanged: 0, moved: 0, gone: 0, pruned: 0 };
  readonly bytes = { total: 0, fetched: 0, resumed: 0, onDisk: 0 };
  exported: BackupSummary['export'] = 'skipped';
  /** Whether the hub's file list was read: without it nothing below `files/` was done. */
  listed = false;
  /** Why the run failed (the first reason wins where the code says `??=`). */
  fatal: string | undefined;
  /** The hub refused the credentials: everything else was stopped too. */
  authFailed = false;
  filesTotal = 0;

  /** The run's status; `interrupted` is whether the caller aborted it. */
  status(interrupted: boolean): BackupStatus {
    if (interrupted) return 'interrupted';
    if (this.authFailed) return 'auth-failed';
    if (!this.listed) return this.exported === 'saved' ? 'partial' : 'failed';
    return this.failures.length > 0 || this.exported === 'failed' ? 'partial' : 'complete';
  }

  summary(status: BackupStatus, out: string): BackupSummary {
    return {
      status,
      exitCode: EXIT_CODES[status],
      out,
      files: { total: this.filesTotal, ...this.counts, failed: this.failures.length },
      bytes: { ...this.bytes },
      export: this.exported,
      durationMs: Date.now() - this.#started,
      failures: [...this.failures],
      ...(this.fatal !== undefined && status !== 'complete' && { error: this.fatal }),
    };
  }
}
