import type { Attach } from '../index.js';
import { makeFoldersInside } from '../node/fs/index.js';
import { downloadToFile } from '../node/index.js';
import type { BackupRun } from './backup-run.js';
import { describeError, sha256File, statIfAny } from './fs-utils.js';
import { type IntendedFile, rewriteIntentSync, writeIntent } from './journal.js';
import { localPath, parentOf, partialOf } from './layout.js';
import { manifestEntry } from './plan.js';
import { forEachLimited } from './pool.js';
import { type TreeEntry, totalSize } from './walk.js';

/**
 * Downloads `downloads`, `concurrency` at a time, until done or stopped. Each file is continued
 * from its partial file, recorded in the journal before its bytes land (journal.ts), and gets its
 * manifest entry once hashed; a failure is the file's alone.
 */
export async function downloadAll(run: BackupRun, downloads: TreeEntry[]): Promise<void> {
  run.tally.plan(downloads.length, totalSize(downloads));
  // Downloads not (yet) complete: their partial files count as on disk at the end.
  const unfinished = new Set(downloads);
  await forEachLimited(
    downloads,
    run.options.concurrency,
    (entry) => download(run, entry, unfinished),
    run.signal,
  );
  run.record.bytes.onDisk += await partialBytes(run.out, unfinished);
}

/**
 * The bytes the partial files of unfinished downloads hold (of this run, or of earlier ones not
 * reached by this one): they count as on disk, as the next run continues them.
 */
async function partialBytes(out: string, unfinished: Set<TreeEntry>): Promise<number> {
  let bytes = 0;
  for (const entry of unfinished) {
    const partial = await statIfAny(partialOf(localPath(out, entry.path))).catch(() => undefined);
    if (partial?.isFile()) bytes += Math.min(partial.size, entry.record.filesize);
  }
  return bytes;
}

/** Downloads one file and takes it out of `unfinished` once complete; a failure is reported, not thrown. */
async function download(run: BackupRun, entry: TreeEntry, unfinished: Set<TreeEntry>): Promise<void> {
  const { out, options, tally } = run;
  const outcome = run.record;
  const target = localPath(out, entry.path);
  try {
    // Real folders only: a link planted at `files/Documents` must not receive the hub's files.
    await makeFoldersInside(out, parentOf(entry.path));
    // downloadToFile keeps an interrupted download in `.<name>.part` beside the target.
    const partial = await statIfAny(partialOf(target));
    tally.begin(entry.path, entry.record.filesize, partial?.size ?? 0);
    let record = entry.record;
    const before = await statIfAny(target);
    let intended = intendedFile(entry, record);
    await writeIntent(out, intended, before);
    const result = await downloadToFile(options.hub, entry.record.hash, target, {
      resume: true,
      signal: run.signal,
      ...(options.chunkSize !== undefined && { chunkSize: options.chunkSize }),
      ...(options.chunkConcurrency !== undefined && { concurrency: options.chunkConcurrency }),
      onRecord: (seen) => {
        record = seen;
        const seenFile = intendedFile(entry, seen);
        if (JSON.stringify(seenFile) !== JSON.stringify(intended)) {
          intended = seenFile;
          rewriteIntentSync(out, intended, before);
        }
      },
      onProgress: ({ loaded }) => tally.loaded(entry.path, loaded),
    });
    const sha256 = await sha256File(target);
    if (run.copies.leftParked.has(entry.record.hash)) await run.copies.removeParked(entry.record.hash);
    const done = manifestEntry(entry, record, sha256, new Date().toISOString());
    run.store.setFile(done);
    run.pending.awaitWrite(done);
    const fetched = result.bytes - result.resumedBytes;
    outcome.counts.downloaded++;
    outcome.bytes.fetched += fetched;
    outcome.bytes.resumed += result.resumedBytes;
    outcome.bytes.onDisk += result.bytes;
    unfinished.delete(entry);
    tally.done(entry.path, result.bytes);
    run.emit({
      type: 'file',
      path: entry.path,
      size: result.bytes,
      fetched,
      resumed: result.resumedBytes,
      sha256,
    });
  } catch (error) {
    // What came before the failure counts all the same (and may wait in the partial file).
    const { fetched, resumed } = tally.failed(entry.path, entry.record.filesize);
    outcome.bytes.fetched += fetched;
    outcome.bytes.resumed += resumed;
    if (run.stopped(error)) return;
    outcome.failures.push({ path: entry.path, error: describeError(error) });
    run.emit({ type: 'file-failed', path: entry.path, error: describeError(error) });
  }
}

/** The manifest entry a download will make, but for its SHA-256 (journal.ts). */
function intendedFile(entry: TreeEntry, record: Attach): IntendedFile {
  const { sha256: _, savedAt: __, ...file } = manifestEntry(entry, record, '', '');
  return file;
}
