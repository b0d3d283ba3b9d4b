import { AuthenticationError } from '../index.js';
import type { BackupOptions } from './backup-options.js';
import type { BackupEvent } from './events.js';
import { describeError } from './fs-utils.js';
import { LocalCopies } from './local-copies.js';
import type { ManifestStore } from './manifest.js';
import type { PendingIntents } from './pending-intents.js';
import type { RunRecord } from './run-record.js';
import { Tally } from './tally.js';

/**
 * What every phase of one backup run shares: the caller's options, the folder, the manifest
 * store, the record toward the summary, and one stop for all of them. The phases are functions
 * of this (export, listing and planning, local changes, downloads), so none holds state of its own.
 */
export class BackupRun {
  readonly options: BackupOptions;
  /** The backup folder (absolute). */
  readonly out: string;
  readonly store: ManifestStore;
  readonly pending: PendingIntents;
  readonly record: RunRecord;
  readonly emit: (event: BackupEvent) => void;
  /** Stops everything after an authentication failure (and follows the caller's signal). */
  readonly #stop = new AbortController();
  readonly signal: AbortSignal;
  readonly tally: Tally;
  readonly copies: LocalCopies;

  constructor(
    options: BackupOptions,
    out: string,
    store: ManifestStore,
    pending: PendingIntents,
    record: RunRecord,
  ) {
    this.options = options;
    this.out = out;
    this.store = store;
    this.pending = pending;
    this.record = record;
    this.emit = options.onEvent ?? (() => {});
    this.signal = options.signal ? AbortSignal.any([options.signal, this.#stop.signal]) : this.#stop.signal;
    this.tally = new Tally((progress) => this.emit({ type: 'progress', ...progress }));
    this.copies = new LocalCopies(out, (message) => this.warn(message));
  }

  warn(message: string): void {
    this.emit({ type: 'warning', message });
  }

  /**
   * Whether the run must stop: the caller aborted, or the hub refused the credentials (which stops
   * every other request too).
   */
  stopped(error?: unknown): boolean {
    if (error instanceof AuthenticationError && !this.record.authFailed) {
      this.record.authFailed = true;
      this.record.fatal = describeError(error);
      this.#stop.abort(error);
    }
    return this.signal.aborted;
  }
}
