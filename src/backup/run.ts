import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Attach, AuthenticationError, type NativeClient } from '../index.js';
import { makeFoldersInside, removeInside, UnsafePathError } from '../node/fs/index.js';
import { downloadToFile } from '../node/index.js';
import type { BackupEvent } from './events.js';
import {
  describeError,
  sha256File,
  sha256Of,
  statIfAny,
  sweepAtomicLeftovers,
  writeFileAtomic,
} from './fs-utils.js';
import {
  dropIntents,
  type IntendedFile,
  type JournalState,
  recoverFinished,
  removeIntent,
  rewriteIntentSync,
  writeIntent,
} from './journal.js';
import {
  EXPORT_FILE,
  FILES_DIR,
  JOURNAL_DIR,
  localPath,
  parentOf,
  partialOf,
  STAGING_DIR,
} from './layout.js';
import { LocalCopies } from './local-copies.js';
import { lockFolder } from './lock.js';
import {
  emptyManifest,
  type Manifest,
  ManifestError,
  type ManifestFile,
  type ManifestFolder,
  ManifestStore,
  readManifest,
} from './manifest.js';
import { recoverMoves, removeMoves, writeMoves } from './move-journal.js';
import { BackupSetupError, type BackupStatus, type BackupSummary, EXIT_CODES } from './outcome.js';
import { sweepPartials } from './partials.js';
import { manifestEntry, type Plan, planRun } from './plan.js';
import { forEachLimited } from './pool.js';
import { Tally } from './tally.js';
import { type TreeEntry, walkTree } from './walk.js';

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

/**
 * Backs up a channel into `options.out`: the export as `channel-export.json`, every file of the
 * cloud storage below `files/` in its folder tree, and `manifest.json`. Only what is new or changed
 * is fetched; partial downloads continue. Resolves with the summary (also the last event); rejects
 * only with a {@link BackupSetupError} (bad folder) or an unexpected error.
 */
export async function runBackup(options: BackupOptions): Promise<BackupSummary> {
  const out = resolve(options.out);
  // The folder itself is the user's choice (it may be a link); below it, nothing is followed.
  await mkdir(out, { recursive: true });
  await makeFoldersInside(out, FILES_DIR).catch((error: unknown) => {
    if (!(error instanceof UnsafePathError)) throw error;
    throw new BackupSetupError(EXIT_CODES.failed, describeError(error));
  });
  const release = await lockFolder(out);
  try {
    // What killed runs left of the manifest's and the export's atomic writes.
    await sweepAtomicLeftovers(out);
    return await new BackupRun(options, out).run();
  } finally {
    await release();
  }
}

class BackupRun {
  readonly #options: BackupOptions;
  readonly #out: string;
  readonly #emit: (event: BackupEvent) => void;
  /** Stops everything after an authentication failure (and follows the caller's signal). */
  readonly #stop = new AbortController();
  readonly #signal: AbortSignal;
  readonly #tally: Tally;
  readonly #started = Date.now();
  readonly #copies: LocalCopies;
  readonly #failures: { path: string; error: string }[] = [];
  readonly #counts = { downloaded: 0, unchanged: 0, moved: 0, gone: 0, pruned: 0 };
  readonly #bytes = { total: 0, fetched: 0, resumed: 0, onDisk: 0 };
  /** Downloads not (yet) complete: their partial files count as on disk at the end. */
  readonly #unfinished = new Set<TreeEntry>();
  #exported: BackupSummary['export'] = 'skipped';
  #listed = false;
  #fatal: string | undefined;
  #authFailed = false;
  #filesTotal = 0;
  #store!: ManifestStore;
  #journal: JournalState = { recovered: [], unfinished: [] };
  /** The entry each completed file got, by hub hash, until a manifest write holds it (journal.ts). */
  readonly #unwritten = new Map<string, ManifestFile>();

  constructor(options: BackupOptions, out: string) {
    this.#options = options;
    this.#out = out;
    this.#emit = options.onEvent ?? (() => {});
    this.#signal = options.signal ? AbortSignal.any([options.signal, this.#stop.signal]) : this.#stop.signal;
    this.#tally = new Tally((progress) => this.#emit({ type: 'progress', ...progress }));
    this.#copies = new LocalCopies(out, (message) => this.#emit({ type: 'warning', message }));
  }

  async run(): Promise<BackupSummary> {
    const previous = await this.#readManifest();
    const now = new Date().toISOString();
    this.#store = new ManifestStore(this.#out, previous ?? emptyManifest(this.#options.hubUrl, now), {
      intervalMs: this.#options.manifestIntervalMs,
      onWritten: (written) => this.#dropWrittenIntents(written),
    });
    // Files a killed run moved or completed but could not list yet get their entries first.
    // (Written at once: the record of the moves goes only once the manifest holds them.)
    if (await recoverMoves(this.#out, this.#store))
      await this.#store.flush().then(
        () => removeMoves(this.#out),
        () => {},
      );
    this.#journal = await recoverFinished(this.#out, this.#store);
    for (const { hash } of this.#journal.recovered) {
      const entry = this.#store.file(hash);
      if (entry) this.#unwritten.set(hash, entry);
    }
    this.#store.update({ lastRun: { startedAt: now, status: 'running' } });
    this.#emit({
      type: 'start',
      hub: this.#options.hubUrl,
      out: this.#out,
      incremental: previous !== undefined,
    });

    try {
      if (this.#options.export) await this.#exportChannel(this.#options.export);
      const records = this.#stopped() ? undefined : await this.#list();
      if (records) await this.#mirror(records, previous?.folders ?? []);
    } catch (error) {
      // A refusal (another channel's folder) writes nothing; anything else keeps what was done.
      if (error instanceof BackupSetupError) this.#store.discard();
      else await this.#store.flush().catch(() => {});
      throw error;
    }

    const status = this.#status();
    this.#store.update({ lastRun: { startedAt: now, finishedAt: new Date().toISOString(), status } });
    try {
      await this.#store.flush();
    } catch (error) {
      this.#fatal ??= `the manifest could not be written: ${describeError(error)}`;
    }
    // Empty once every completed file is in the written manifest (unfinished downloads keep theirs).
    await removeInside(this.#out, JOURNAL_DIR, 'folder').catch(() => {});
    const summary = this.#summary(this.#fatal && status === 'complete' ? 'partial' : status);
    this.#emit({ type: 'summary', ...summary });
    return summary;
  }

  async #readManifest() {
    try {
      const manifest = await readManifest(this.#out);
      if (manifest && manifest.hub !== this.#options.hubUrl) {
        throw new BackupSetupError(
          EXIT_CODES.usage,
          `${this.#out} holds the backup of ${manifest.hub}, not ${this.#options.hubUrl}: choose another --out`,
        );
      }
      return manifest;
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      throw new BackupSetupError(
        EXIT_CODES.failed,
        `${error.message}; move it away to start a new backup in this folder`,
      );
    }
  }

  async #exportChannel({ sections, posts }: { sections: string[]; posts: boolean }): Promise<void> {
    try {
      const data = await this.#options.hub.channel.exportBasic({ sections, posts }, { signal: this.#signal });
      const channel = data.relocate.channel_address;
      const known = this.#store.manifest.channel;
      if (known && channel && known !== channel) {
        throw new BackupSetupError(
          EXIT_CODES.usage,
          `${this.#out} holds the backup of channel ${known}, not ${channel}: choose another --out`,
        );
      }
      // The `channel` section holds the channel's private key: readable by the owner only.
      const text = `${JSON.stringify(data, null, 2)}\n`;
      await writeFileAtomic(join(this.#out, EXPORT_FILE), text, 0o600);
      const asked = posts ? [...new Set([...sections, 'items'])] : sections;
      const size = Buffer.byteLength(text);
      const savedAt = new Date().toISOString();
      this.#store.update({
        export: { path: EXPORT_FILE, sections: asked, size, sha256: sha256Of(text), savedAt },
        ...(channel ? { channel } : {}),
      });
      this.#exported = 'saved';
      this.#emit({ type: 'export', path: EXPORT_FILE, size, sections: asked });
    } catch (error) {
      if (error instanceof BackupSetupError) throw error;
      if (this.#stopped(error)) return;
      this.#exported = 'failed';
      this.#emit({ type: 'export-failed', error: describeError(error) });
    }
  }

  async #list(): Promise<Attach[] | undefined> {
    try {
      const records = await this.#options.hub.files.list({}, { signal: this.#signal }).toArray();
      this.#listed = true;
      return records;
    } catch (error) {
      if (!this.#stopped(error)) this.#fatal = `the file list could not be read: ${describeError(error)}`;
      return undefined;
    }
  }

  /** Brings `files/` to the hub's state: prune, moves, folders, downloads, then tidying. */
  async #mirror(records: Attach[], oldFolders: ManifestFolder[]): Promise<void> {
    const store = this.#store;
    const onHub = new Set(records.map((record) => record.hash));
    const gone = store.files.filter((file) => !onHub.has(file.hash));
    const tree = walkTree(records, {
      // Folders and files keep the names they had (a collision suffix stays with its entry).
      previous: new Map([...oldFolders, ...store.files].map((entry) => [entry.hash, entry])),
      reserved: this.#options.prune ? [] : gone.map((file) => file.path),
    });
    for (const record of tree.orphans) {
      this.#emit({
        type: 'warning',
        message: `"${record.filename}" is in a folder the hub did not list: saved at the top`,
      });
    }
    for (const { record, reason } of tree.skipped) {
      this.#emit({
        type: 'warning',
        message: `"${record.filename}" (${record.hash}) is left out: ${reason}`,
      });
    }
    const plan = await planRun(
      tree,
      gone,
      (hash) => store.file(hash),
      (file) => this.#copies.locate(file),
    );
    // Partial downloads this run will not continue, and descriptions without their bytes.
    const folders = [...oldFolders, ...tree.folders].map((folder) => folder.path);
    await sweepPartials(
      this.#out,
      [FILES_DIR, ...folders, ...this.#journal.unfinished.map((file) => parentOf(file.path))],
      plan.downloads.map((entry) => entry.path),
    );
    await dropIntents(this.#out, this.#journal.unfinished);
    this.#filesTotal = tree.files.length;
    this.#bytes.total = tree.files.reduce((sum, entry) => sum + entry.record.filesize, 0);
    this.#emit({
      type: 'listed',
      files: tree.files.length,
      folders: tree.folders.length,
      bytes: this.#bytes.total,
      download: plan.downloads.length,
      downloadBytes: plan.downloads.reduce((sum, entry) => sum + entry.record.filesize, 0),
      unchanged: plan.unchanged.length,
      moves: plan.moves.length,
      gone: plan.gone.length,
    });

    await this.#markGone(plan);
    const unmoved = new Set<string>();
    const parked = await this.#copies.park(plan.moves, unmoved);
    // Once the second step has begun, a manifest path may hold another file's copy: the moves are
    // written down first, and the manifest right after the last one (journal.ts, recoverMoves).
    const moves = parked.map(({ entry, from }) => ({ hash: from.hash, path: entry.path }));
    if (moves.length > 0) await writeMoves(this.#out, moves);
    await this.#makeFolders(tree.folders);
    for (const { entry, from } of await this.#copies.unpark(parked, unmoved)) {
      const { goneSince: _, ...kept } = from;
      this.#store.setFile({ ...kept, path: entry.path });
      this.#counts.moved++;
      this.#emit({ type: 'moved', from: from.path, to: entry.path });
    }
    if (moves.length > 0)
      await this.#store.flush().then(
        () => removeMoves(this.#out),
        () => {},
      );
    const unchanged = plan.unchanged.filter((entry) => !unmoved.has(entry.record.hash));
    for (const entry of unchanged) this.#keep(entry);
    this.#counts.unchanged = unchanged.length;
    this.#bytes.onDisk += unchanged.reduce((sum, entry) => sum + entry.record.filesize, 0);
    const downloads = [
      ...plan.downloads,
      ...plan.unchanged.filter((entry) => unmoved.has(entry.record.hash)),
    ];
    await this.#downloadAll(downloads);
    await this.#tidy(oldFolders, tree.folders);
  }

  async #markGone(plan: Plan): Promise<void> {
    const now = new Date().toISOString();
    for (const file of plan.gone) {
      if (this.#options.prune) {
        try {
          await removeInside(this.#out, file.path, 'file');
          await this.#copies.removeParked(file.hash);
        } catch (error) {
          this.#emit({ type: 'warning', message: `could not delete ${file.path}: ${describeError(error)}` });
          continue;
        }
        this.#store.removeFile(file.hash);
        this.#counts.pruned++;
        this.#emit({ type: 'pruned', path: file.path });
        continue;
      }
      this.#counts.gone++;
      if (file.goneSince !== undefined) continue;
      this.#store.setFile({ ...file, goneSince: now });
      this.#emit({ type: 'gone', path: file.path });
    }
  }

  async #makeFolders(folders: TreeEntry[]): Promise<void> {
    for (const folder of folders) {
      await makeFoldersInside(this.#out, folder.path).catch((error: unknown) =>
        this.#emit({ type: 'warning', message: `could not create ${folder.path}: ${describeError(error)}` }),
      );
    }
    this.#store.update({
      folders: folders.map(({ record, path, hubPath }) => ({
        path,
        hash: record.hash,
        name: record.filename,
        hubPath,
      })),
    });
  }

  /** An unchanged file: its entry follows the hub's name and place, and it is on the hub again. */
  #keep(entry: TreeEntry): void {
    const before = this.#store.file(entry.record.hash);
    if (!before) return;
    const { goneSince: _, ...kept } = before;
    const after = { ...kept, path: entry.path, name: entry.record.filename, hubPath: entry.hubPath };
    if (JSON.stringify(after) !== JSON.stringify(before)) this.#store.setFile(after);
  }

  async #downloadAll(downloads: TreeEntry[]): Promise<void> {
    this.#tally.plan(
      downloads.length,
      downloads.reduce((sum, entry) => sum + entry.record.filesize, 0),
    );
    for (const entry of downloads) this.#unfinished.add(entry);
    await forEachLimited(
      downloads,
      this.#options.concurrency,
      (entry) => this.#download(entry),
      this.#signal,
    );
    this.#bytes.onDisk += await this.#partialBytes();
  }

  /**
   * The bytes the partial files of unfinished downloads hold (of this run, or of earlier ones not
   * reached by this one): they count as on disk, as the next run continues them.
   */
  async #partialBytes(): Promise<number> {
    let bytes = 0;
    for (const entry of this.#unfinished) {
      const partial = await statIfAny(partialOf(localPath(this.#out, entry.path))).catch(() => undefined);
      if (partial?.isFile()) bytes += Math.min(partial.size, entry.record.filesize);
    }
    return bytes;
  }

  async #download(entry: TreeEntry): Promise<void> {
    const target = localPath(this.#out, entry.path);
    const tally = this.#tally;
    try {
      // Real folders only: a link planted at `files/Documents` must not receive the hub's files.
      await makeFoldersInside(this.#out, parentOf(entry.path));
      // downloadToFile keeps an interrupted download in `.<name>.part` beside the target.
      const partial = await statIfAny(partialOf(target));
      tally.begin(entry.path, entry.record.filesize, partial?.size ?? 0);
      let record = entry.record;
      const before = await statIfAny(target);
      let intended = intendedFile(entry, record);
      await writeIntent(this.#out, intended, before);
      const result = await downloadToFile(this.#options.hub, entry.record.hash, target, {
        resume: true,
        signal: this.#signal,
        ...(this.#options.chunkSize !== undefined && { chunkSize: this.#options.chunkSize }),
        ...(this.#options.chunkConcurrency !== undefined && { concurrency: this.#options.chunkConcurrency }),
        onRecord: (seen) => {
          record = seen;
          const seenFile = intendedFile(entry, seen);
          if (JSON.stringify(seenFile) !== JSON.stringify(intended)) {
            intended = seenFile;
            rewriteIntentSync(this.#out, intended, before);
          }
        },
        onProgress: ({ loaded }) => tally.loaded(entry.path, loaded),
      });
      const sha256 = await sha256File(target);
      if (this.#copies.leftParked.has(entry.record.hash)) await this.#copies.removeParked(entry.record.hash);
      const done = manifestEntry(entry, record, sha256, new Date().toISOString());
      this.#store.setFile(done);
      this.#unwritten.set(done.hash, done);
      const fetched = result.bytes - result.resumedBytes;
      this.#counts.downloaded++;
      this.#bytes.fetched += fetched;
      this.#bytes.resumed += result.resumedBytes;
      this.#bytes.onDisk += result.bytes;
      this.#unfinished.delete(entry);
      tally.done(entry.path, result.bytes);
      this.#emit({
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
      this.#bytes.fetched += fetched;
      this.#bytes.resumed += resumed;
      if (this.#stopped(error)) return;
      this.#failures.push({ path: entry.path, error: describeError(error) });
      this.#emit({ type: 'file-failed', path: entry.path, error: describeError(error) });
    }
  }

  /** Removes the folders of the last run that are gone and empty now, deepest first, and `.moving/`. */
  async #tidy(oldFolders: ManifestFolder[], folders: TreeEntry[]): Promise<void> {
    const kept = new Set(folders.map((folder) => folder.path));
    const stale = oldFolders.filter((folder) => !kept.has(folder.path)).map((folder) => folder.path);
    stale.sort((a, b) => b.split('/').length - a.split('/').length);
    for (const path of [...stale, STAGING_DIR]) await removeInside(this.#out, path, 'folder').catch(() => {});
  }

  /** Intents whose entries a manifest write now holds are done with. */
  async #dropWrittenIntents(written: Manifest): Promise<void> {
    // The written files are the very entry objects set (identity, not equal content).
    const entries = new Set(written.files);
    for (const [hash, entry] of this.#unwritten) {
      if (!entries.has(entry)) continue;
      this.#unwritten.delete(hash);
      await removeIntent(this.#out, hash);
    }
  }

  /**
   * Whether the run must stop: the caller aborted, or the hub refused the credentials (which stops
   * every other request too).
   */
  #stopped(error?: unknown): boolean {
    if (error instanceof AuthenticationError && !this.#authFailed) {
      this.#authFailed = true;
      this.#fatal = describeError(error);
      this.#stop.abort(error);
    }
    return this.#signal.aborted;
  }

  #status(): BackupStatus {
    if (this.#options.signal?.aborted) return 'interrupted';
    if (this.#authFailed) return 'auth-failed';
    if (!this.#listed) return this.#exported === 'saved' ? 'partial' : 'failed';
    return this.#failures.length > 0 || this.#exported === 'failed' ? 'partial' : 'complete';
  }

  #summary(status: BackupStatus): BackupSummary {
    return {
      status,
      exitCode: EXIT_CODES[status],
      out: this.#out,
      files: { total: this.#filesTotal, ...this.#counts, failed: this.#failures.length },
      bytes: { ...this.#bytes },
      export: this.#exported,
      durationMs: Date.now() - this.#started,
      failures: [...this.#failures],
      ...(this.#fatal !== undefined && status !== 'complete' && { error: this.#fatal }),
    };
  }
}

/** The manifest entry a download will make, but for its SHA-256 (journal.ts). */
function intendedFile(entry: TreeEntry, record: Attach): IntendedFile {
  const { sha256: _, savedAt: __, ...file } = manifestEntry(entry, record, '', '');
  return file;
}
