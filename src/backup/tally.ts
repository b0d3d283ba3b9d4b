import type { BackupProgress } from './events.js';

/**
 * The counters behind the progress events: files and bytes to do and done, and the bytes that came
 * over the network (a resumed download's first bytes were on disk already). Reports at most every
 * `intervalMs`, and whenever a file ends.
 */
export class Tally {
  readonly #report: (progress: BackupProgress) => void;
  readonly #intervalMs: number;
  readonly #started = Date.now();
  readonly #files = new Map<string, { loaded: number; baseline: number; seen: boolean }>();
  #lastReport = 0;
  #progress: BackupProgress = {
    filesDone: 0,
    filesTotal: 0,
    bytesDone: 0,
    bytesTotal: 0,
    bytesFetched: 0,
    elapsedMs: 0,
  };

  constructor(report: (progress: BackupProgress) => void, intervalMs = 200) {
    this.#report = report;
    this.#intervalMs = intervalMs;
  }

  plan(files: number, bytes: number): void {
    this.#progress = { ...this.#progress, filesTotal: files, bytesTotal: bytes };
    this.#emit(true);
  }

  /** A download starts; `onDisk` bytes of it may be continued from a partial file. */
  begin(path: string, onDisk: number): void {
    this.#files.set(path, { loaded: 0, baseline: onDisk, seen: false });
  }

  /** The download of `path` has `loaded` bytes (resumed ones included). */
  loaded(path: string, loaded: number): void {
    const file = this.#files.get(path);
    if (!file) return;
    // A download that started over from 0 reports less than the partial file held at its first step.
    if (!file.seen && loaded < file.baseline) file.baseline = 0;
    file.seen = true;
    this.#progress.bytesFetched += Math.max(0, loaded - Math.max(file.loaded, file.baseline));
    this.#progress.bytesDone += loaded - file.loaded;
    file.loaded = loaded;
    this.#emit(false);
  }

  /** The file is saved: `size` bytes done (a zero-byte file reports no progress before). */
  done(path: string, size: number): void {
    const file = this.#files.get(path);
    this.#progress.bytesDone += size - (file?.loaded ?? 0);
    this.#progress.filesDone++;
    this.#files.delete(path);
    this.#emit(true);
  }

  /** The file failed: it leaves the totals. */
  failed(path: string, size: number): void {
    const file = this.#files.get(path);
    this.#progress.bytesDone -= file?.loaded ?? 0;
    this.#progress.bytesTotal -= size;
    this.#progress.filesTotal--;
    this.#files.delete(path);
    this.#emit(true);
  }

  #emit(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.#lastReport < this.#intervalMs) return;
    this.#lastReport = now;
    this.#progress.elapsedMs = now - this.#started;
    this.#report({ ...this.#progress });
  }
}
