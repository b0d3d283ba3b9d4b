import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { lstatInside } from '../node/fs/index.js';
import { describeError, isAtomicLeftover, sha256File } from './fs-utils.js';
import { type IncompleteRun, incompleteRun } from './last-run.js';
import { compareText, FILES_DIR, localPath } from './layout.js';
import { readManifest } from './manifest.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';
import { forEachLimited } from './pool.js';

/**
 * What `verify` reports: each difference as found (`missing`, `changed`, `extra`), `partial` for
 * what an interrupted backup left (partial downloads and their descriptions in `files/`, temporary
 * files of the manifest's and the export's atomic writes): not a difference, as the manifest's files
 * are intact and the next backup continues or removes them; then `progress`, and last `summary`.
 */
export type VerifyEvent =
  | { type: 'start'; out: string; files: number }
  | { type: 'missing'; path: string }
  | { type: 'changed'; path: string; detail: string }
  | { type: 'extra'; path: string }
  | { type: 'partial'; path: string }
  | { type: 'progress'; checked: number; total: number; bytes: number }
  | ({ type: 'summary' } & VerifySummary);

export interface VerifySummary {
  /**
   * `match`: the last backup run completed, every file listed is there with its SHA-256 and
   * nothing else is in `files/`. `incomplete`: no difference, but the last run did not complete
   * (refused at login, interrupted, killed, partial): the manifest lists only what it got, so
   * the backup is not verified (see {@link incomplete}). `differences` wins over `incomplete`.
   */
  status: 'match' | 'differences' | 'incomplete' | 'interrupted';
  /** 0 `match`, 1 `differences`, 3 `incomplete` (as `backup`'s partial: run it again), 130 `interrupted`. */
  exitCode: number;
  out: string;
  /** The manifest's `lastRun.status`: `complete`, `partial`, `auth-failed`, `interrupted`, `running`, … */
  lastRun: string;
  /** Set when the last run did not complete: what happened, and what to do. */
  incomplete?: IncompleteRun;
  /** Files of the manifest checked (the export included). */
  checked: number;
  matching: number;
  missing: number;
  changed: number;
  extra: number;
  partial: number;
  /** Bytes read and hashed. */
  bytes: number;
  durationMs: number;
}

export interface VerifyOptions {
  out: string;
  /** Files hashed at once. @default 4 */
  concurrency?: number | undefined;
  signal?: AbortSignal | undefined;
  onEvent?: ((event: VerifyEvent) => void) | undefined;
}

/**
 * `verify`'s exit codes. An incomplete backup exits 3, as `backup` does when it saved only part:
 * in both cases running `backup` again is the remedy.
 */
export const VERIFY_EXIT_CODES = {
  match: 0,
  differences: 1,
  incomplete: EXIT_CODES.partial,
  interrupted: EXIT_CODES.interrupted,
} as const satisfies Record<VerifySummary['status'], number>;

/** A file name `downloadToFile` uses while a download is under way (`.<name>.part`, `.part.json`). */
const PARTIAL = /^\..+\.part(\.json)?$/;

/**
 * Re-hashes the backup in `out` against its manifest: every file listed (and the export) must be
 * there with its size and SHA-256, and `files/` must hold nothing else; and the last backup run must
 * have completed, else the status is `incomplete` however well the files match. Rejects with a
 * {@link BackupSetupError} when there is no readable manifest.
 */
export async function runVerify(options: VerifyOptions): Promise<VerifySummary> {
  const out = resolve(options.out);
  const emit = options.onEvent ?? (() => {});
  const started = Date.now();
  const manifest = await readManifest(out).catch((error: unknown) => {
    throw new BackupSetupError(EXIT_CODES.usage, describeError(error));
  });
  if (!manifest) throw new BackupSetupError(EXIT_CODES.usage, `${out} holds no backup (no manifest.json)`);
  const unfinished = incompleteRun(manifest);
  const expected = manifest.files.map(({ path, size, sha256 }) => ({ path, size, sha256 }));
  if (manifest.export) expected.push(manifest.export);
  const counts = { checked: 0, matching: 0, missing: 0, changed: 0, extra: 0, partial: 0, bytes: 0 };
  emit({ type: 'start', out, files: expected.length });

  await forEachLimited(
    expected,
    options.concurrency ?? 4,
    async (file) => {
      const problem = await check(out, file, options.signal);
      if (options.signal?.aborted) return;
      counts.checked++;
      if (problem === undefined) {
        counts.matching++;
        counts.bytes += file.size;
      } else if (problem === 'missing') {
        counts.missing++;
        emit({ type: 'missing', path: file.path });
      } else {
        counts.changed++;
        emit({ type: 'changed', path: file.path, detail: problem });
      }
      emit({ type: 'progress', checked: counts.checked, total: expected.length, bytes: counts.bytes });
    },
    options.signal,
  );

  if (!options.signal?.aborted) {
    const listed = new Set(expected.map((file) => file.path));
    for await (const path of filesBelow(out, FILES_DIR)) {
      if (listed.has(path)) continue;
      const partial = PARTIAL.test(path.slice(path.lastIndexOf('/') + 1));
      counts[partial ? 'partial' : 'extra']++;
      emit({ type: partial ? 'partial' : 'extra', path });
    }
    // A killed atomic write's copy of the export holds the channel's private key: worth a line.
    for (const name of (await readdir(out)).filter(isAtomicLeftover).sort(compareText)) {
      counts.partial++;
      emit({ type: 'partial', path: name });
    }
  }
  const differences = counts.missing + counts.changed + counts.extra;
  const status = options.signal?.aborted
    ? 'interrupted'
    : differences > 0
      ? 'differences'
      : unfinished
        ? 'incomplete'
        : 'match';
  const summary: VerifySummary = {
    status,
    exitCode: VERIFY_EXIT_CODES[status],
    out,
    lastRun: manifest.lastRun.status,
    ...(unfinished && { incomplete: unfinished }),
    ...counts,
    durationMs: Date.now() - started,
  };
  emit({ type: 'summary', ...summary });
  return summary;
}

/**
 * `undefined` when the file matches, `'missing'`, or what differs. Links are not followed (a link
 * in the backup is not a copy), and neither are linked folders above the file.
 */
async function check(
  out: string,
  file: { path: string; size: number; sha256: string },
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  let found: Awaited<ReturnType<typeof lstatInside>>;
  try {
    found = await lstatInside(out, file.path);
  } catch (error) {
    return `unreadable: ${describeError(error)}`;
  }
  if (!found) return 'missing';
  if (found.isSymbolicLink()) return 'a symbolic link, not a file';
  if (!found.isFile()) return 'not a file';
  if (found.size !== file.size) return `size ${found.size}, expected ${file.size}`;
  try {
    const sha256 = await sha256File(localPath(out, file.path), signal);
    return sha256 === file.sha256 ? undefined : `SHA-256 ${sha256}, expected ${file.sha256}`;
  } catch (error) {
    return `unreadable: ${describeError(error)}`;
  }
}

/** Every entry below `dir` that is not a folder (links included, not followed), as manifest paths. */
async function* filesBelow(out: string, dir: string): AsyncGenerator<string> {
  // `files/` itself a link: nothing below it is the backup's (its listed files are reported too).
  if (!(await lstatInside(out, dir))?.isDirectory()) return;
  let entries: Dirent[];
  try {
    entries = await readdir(localPath(out, dir), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* filesBelow(out, path);
    else yield path;
  }
}
