import type { BackupProgress } from './events.js';

/** One download under way. */
interface InFlight {
  /** Its size on the hub. */
  size: number;
  /** Bytes it holds, resumed ones included. */
  loaded: number;
  /** Bytes a partial file held when it began (0 once the download started over). */
  baseline: number;
  /** Bytes of it that came over the network in this run. */
  fetched: number;
  /** Whether it has reported progress (then `baseline` is known to have been continued). */
  seen: boolean;
}

/**
 * The counters behind the progress events: files and bytes to do and done, the bytes that came
 * over the network (a resumed download's first bytes were on disk already), and the files under
 * way. Reports at most every `intervalMs`, and whenever a file starts or ends.
 */
export class Tally {
  readonly #report: (progress: BackupProgress) => void;
  readonly #intervalMs: number;
  readonly #started = Date.now();
  /** In the order they began: the longest-running first. */
  readonly #files = new Map<string, InFlight>();
  #lastReport = 0;
  #progress: Omit<BackupProgress, 'downloading'> = {
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

  /** The download of `path` (`size` bytes) starts; `onDisk` bytes of it may be continued from a partial file. */
  begin(path: string, size: number, onDisk: number): void {
    this.#files.set(path, { size, loaded: 0, baseline: onDisk, fetched: 0, seen: false });
    this.#emit(true);
  }

  /** The download of `path` has `loaded` bytes (resumed ones included). */
  loaded(path: string, loaded: number): void {
    const file = this.#files.get(path);
    if (!file) return;
    // A download that started over from 0 reports less than the partial file held at its first step.
    if (!file.seen && loaded < file.baseline) file.baseline = 0;
    file.seen = true;
    const fetched = Math.max(0, loaded - Math.max(file.loaded, file.baseline));
    file.fetched += fetched;
    this.#progress.bytesFetched += fetched;
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

  /**
   * The file failed (or the run stopped): it leaves the totals. Returns the bytes of it that came
   * over the network in this run, and those of an earlier run's partial file it continued (the
   * partial file keeps both for the next run, unless the failure was of the file itself).
   */
  failed(path: string, size: number): { fetched: number; resumed: number } {
    const file = this.#files.get(path);
    this.#progress.bytesDone -= file?.loaded ?? 0;
    this.#progress.bytesTotal -= size;
    this.#progress.filesTotal--;
    this.#files.delete(path);
    this.#emit(true);
    return { fetched: file?.fetched ?? 0, resumed: file?.seen ? file.baseline : 0 };
  }

  #emit(force: boolean): void {
    const now = Date.now();
    if (!force && now - this.#lastReport < this.#intervalMs) return;
    this.#lastReport = now;
    this.#progress.elapsedMs = now - this.#started;
    const downloading = [...this.#files].map(([path, { loaded, size }]) => ({ path, loaded, size }));
    this.#report({ ...this.#progress, downloading });
  }
}
