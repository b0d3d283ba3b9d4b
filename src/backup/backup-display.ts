import type { BackupEvent, BackupProgress, DownloadInFlight } from './events.js';
import type { BackupSummary } from './outcome.js';
import {
  formatBytes,
  formatDuration,
  formatElapsed,
  LiveLine,
  type OutputMode,
  SpeedMeter,
} from './terminal.js';

/** Shows a backup's events: see {@link OutputMode}. */
export interface BackupDisplay {
  show(event: BackupEvent): void;
}

export interface DisplayOptions {
  mode: OutputMode;
  write: (text: string) => void;
  /** Terminal width, for the live line. @default 80 */
  columns?: number | undefined;
  /** The clock of the speed and the throttling, in ms. @default Date.now */
  now?: (() => number) | undefined;
}

/** How often progress shows as a plain line (logs) and as a JSON line. */
const PLAIN_PROGRESS_MS = 10_000;
const JSON_PROGRESS_MS = 1000;

export function backupDisplay(options: DisplayOptions): BackupDisplay {
  const now = options.now ?? Date.now;
  if (options.mode === 'json') {
    let last = Number.NEGATIVE_INFINITY;
    return {
      show(event) {
        if (event.type === 'progress') {
          if (now() - last < JSON_PROGRESS_MS) return;
          last = now();
        }
        options.write(`${JSON.stringify(event)}\n`);
      },
    };
  }
  const live = options.mode === 'tty' ? new LiveLine(options.write, options.columns) : undefined;
  const print = (text: string) => (live ? live.print(text) : options.write(`${text}\n`));
  const speed = new SpeedMeter();
  let retries = 0;
  let lastPlain = now();
  let progress: BackupProgress | undefined;
  // The live line is cut at the terminal's width; a plain line is as long as it needs.
  const width = live ? Math.max(20, options.columns ?? 80) - 1 : Number.POSITIVE_INFINITY;
  const status = () =>
    progress ? statusLine(progress, speed.sample(progress.bytesFetched, now()), retries, width) : '';
  return {
    show(event) {
      switch (event.type) {
        case 'progress':
          progress = event;
          if (live) live.draw(status());
          else if (now() - lastPlain >= PLAIN_PROGRESS_MS) {
            lastPlain = now();
            print(status());
          }
          return;
        case 'retry':
          retries++;
          if (!live) print(`retrying ${event.url} in ${formatDuration(event.delayMs)} (${event.reason})`);
          return;
        case 'file':
          if (!live) print(`saved ${event.path} (${fileNote(event)})`);
          return;
        case 'summary':
          live?.clear();
          for (const line of summaryLines(event)) options.write(`${line}\n`);
          return;
        default: {
          const line = eventLine(event);
          if (line) print(line);
          if (live && progress) live.draw(status());
        }
      }
    },
  };
}

function eventLine(event: BackupEvent): string | undefined {
  switch (event.type) {
    case 'start':
      return `${event.incremental ? 'Updating' : 'Starting'} the backup of ${event.hub} in ${event.out}`;
    case 'export':
      return `saved the channel export (${event.sections.join(', ')}) to ${event.path} (${formatBytes(event.size)})`;
    case 'export-failed':
      return `the channel export failed: ${event.error}`;
    case 'listed':
      return (
        `${event.files} files in ${event.folders} folders on the hub (${formatBytes(event.bytes)}): ` +
        `${event.download} to download (${formatBytes(event.downloadBytes)}), ${event.unchanged} unchanged` +
        (event.moves ? `, ${event.moves} to move` : '') +
        (event.gone ? `, ${event.gone} gone from the hub` : '')
      );
    case 'moved':
      return `moved ${event.from} to ${event.to}`;
    case 'gone':
      return `gone from the hub (local copy kept): ${event.path}`;
    case 'pruned':
      return `gone from the hub, deleted: ${event.path}`;
    case 'file-failed':
      return `FAILED ${event.path}: ${event.error}`;
    case 'warning':
      return `warning: ${event.message}`;
    default:
      return undefined;
  }
}

function fileNote(event: { size: number; resumed: number }): string {
  return event.resumed > 0
    ? `${formatBytes(event.size)}, ${formatBytes(event.resumed)} of it resumed`
    : formatBytes(event.size);
}

/**
 * `12/40 files · 3.2 MiB/10.0 MiB · 1.5 MiB/s · ETA 0:05 · 2 retries · Photos/IMG_0412.jpg 40% (+2 more)`:
 * the file last is the longest-running download, its path shortened from the left to fit `width`.
 */
function statusLine(
  progress: BackupProgress,
  bytesPerSecond: number | undefined,
  retries: number,
  width: number,
): string {
  const parts = [
    `${progress.filesDone}/${progress.filesTotal} files`,
    `${formatBytes(progress.bytesDone)}/${formatBytes(progress.bytesTotal)}`,
  ];
  if (bytesPerSecond !== undefined) {
    parts.push(`${formatBytes(Math.round(bytesPerSecond))}/s`);
    const left = progress.bytesTotal - progress.bytesDone;
    if (bytesPerSecond > 0 && left > 0) parts.push(`ETA ${formatDuration((left / bytesPerSecond) * 1000)}`);
  }
  if (retries > 0) parts.push(`${retries} ${retries === 1 ? 'retry' : 'retries'}`);
  const line = parts.join(' · ');
  const [current, ...others] = progress.downloading;
  if (current === undefined) return line;
  const after = `${percentOf(current)}${others.length > 0 ? ` (+${others.length} more)` : ''}`;
  return `${line} · ${fitted(current.path.replace(/^files\//, ''), width - line.length - 3 - after.length)}${after}`;
}

function percentOf(file: DownloadInFlight): string {
  return file.size > 0 ? ` ${Math.floor((file.loaded / file.size) * 100)}%` : '';
}

/** `path` in at most `room` characters, cut from the left (the name matters most); at least its name. */
function fitted(path: string, room: number): string {
  if (path.length <= room) return path;
  const name = path.slice(path.lastIndexOf('/') + 1);
  return room <= name.length + 1 ? name : `…${path.slice(path.length - room + 1)}`;
}

/** The closing words of a run, for people. */
export function summaryLines(summary: BackupSummary): string[] {
  const { files, bytes } = summary;
  const headline = {
    complete: `Backup complete: ${files.total} files (${formatBytes(bytes.total)}) in ${summary.out}`,
    partial: `Backup PARTIAL (${partialReasons(summary).join('; ')}): run the same command again to continue`,
    failed: `Backup FAILED: ${summary.error ?? 'nothing could be saved'}`,
    'auth-failed': `Backup FAILED: the hub refused the credentials: ${summary.error ?? ''}`,
    interrupted: 'Backup interrupted: what was done is saved; run the same command again to continue',
  }[summary.status];
  const lines = [
    headline,
    `  files: ${files.downloaded} downloaded, ${files.unchanged} unchanged, ${files.moved} moved, ` +
      `${files.gone} gone from the hub, ${files.pruned} pruned, ${files.failed} failed`,
    `  bytes: ${bytesLine(summary)}`,
    `  export: ${summary.export}; took ${formatElapsed(summary.durationMs)}`,
  ];
  for (const failure of summary.failures) lines.push(`  failed: ${failure.path}: ${failure.error}`);
  return lines;
}

/**
 * `2.5 MiB of 3.0 MiB on disk (1.0 MiB fetched, 512.0 KiB resumed)`: what is on disk counts the
 * earlier runs' copies and partial files too, so that an interrupted run does not read as lost work.
 */
function bytesLine({ bytes }: BackupSummary): string {
  const thisRun = `${formatBytes(bytes.fetched)} fetched, ${formatBytes(bytes.resumed)} resumed`;
  if (bytes.total === 0) return thisRun;
  return `${formatBytes(bytes.onDisk)} of ${formatBytes(bytes.total)} on disk (${thisRun})`;
}

function partialReasons(summary: BackupSummary): string[] {
  const reasons = [];
  if (summary.files.failed > 0)
    reasons.push(`${summary.files.failed} of ${summary.files.total} files failed`);
  if (summary.export === 'failed') reasons.push('the channel export failed');
  if (summary.error) reasons.push(summary.error);
  return reasons;
}
