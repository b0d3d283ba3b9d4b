import type { BackupSummary } from './outcome.js';

/** How far a run has come. `bytesDone` counts resumed bytes; `bytesFetched` only what came over the network. */
export interface BackupProgress {
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
  bytesFetched: number;
  elapsedMs: number;
  /** The files downloading now, the longest-running first: `loaded` of `size` bytes (resumed ones included). */
  downloading: DownloadInFlight[];
}

/** A file being downloaded, as progress reports it. */
export interface DownloadInFlight {
  /** Its manifest path (`files/Documents/big.bin`). */
  path: string;
  loaded: number;
  size: number;
}

/**
 * What a backup run reports, in order: `start`, `export` (or `export-failed`), `listed`, then
 * `moved`, `gone`, `pruned`, `file`, `file-failed`, `retry`, `warning` and `progress` as they
 * happen, and last `summary`. With `--json` each is one line of JSON; paths are manifest paths
 * (`files/Documents/notes.txt`), relative to the backup folder.
 */
export type BackupEvent =
  | { type: 'start'; hub: string; out: string; incremental: boolean }
  | { type: 'export'; path: string; size: number; sections: string[] }
  | { type: 'export-failed'; error: string }
  | {
      type: 'listed';
      files: number;
      folders: number;
      bytes: number;
      download: number;
      downloadBytes: number;
      unchanged: number;
      moves: number;
      gone: number;
    }
  | { type: 'moved'; from: string; to: string }
  | { type: 'gone'; path: string }
  | { type: 'pruned'; path: string }
  | { type: 'file'; path: string; size: number; fetched: number; resumed: number; sha256: string }
  | { type: 'file-failed'; path: string; error: string }
  | { type: 'retry'; url: string; attempt: number; reason: string; delayMs: number }
  | { type: 'warning'; message: string }
  | ({ type: 'progress' } & BackupProgress)
  | ({ type: 'summary' } & BackupSummary);
