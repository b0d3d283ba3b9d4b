import type { NativeClient } from '../index.js';
import type { BackupEvent } from './events.js';

/** What {@link runBackup} needs. */
export interface BackupOptions {
  /** A client signed in to the channel to back up. */
  hub: NativeClient;
  /** The hub's base URL, as recorded in the manifest (a folder holds the backup of one hub). */
  hubUrl: string;
  /** The backup folder; created when missing. */
  out: string;
  /** The export's sections (and `posts`), or `false` for no export. */
  export: { sections: string[]; posts: boolean } | false;
  /** Files downloaded at once. */
  concurrency: number;
  /** Chunk requests in flight per file (`DownloadOptions.concurrency`). */
  chunkConcurrency?: number | undefined;
  /** Bytes per chunk request (`DownloadOptions.chunkSize`). */
  chunkSize?: number | undefined;
  /** Delete the local copies of files gone from the hub. */
  prune: boolean;
  /** Stops the run: what is done stays saved, partial downloads are kept for the next run. */
  signal?: AbortSignal | undefined;
  onEvent?: ((event: BackupEvent) => void) | undefined;
  /** How often the manifest is written while files complete, in ms. @default 500 */
  manifestIntervalMs?: number | undefined;
}
