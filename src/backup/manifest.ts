import { join } from 'node:path';
import * as z from 'zod/mini';
import { readTextFile, resolveInside } from '../node/fs/index.js';
import { writeFileAtomic } from './fs-utils.js';
import { compareText, EXPORT_FILE, FILES_DIR, MANIFEST_FILE } from './layout.js';

/**
 * A path of `files/` as the manifest keeps it: below `files/`, no `..`, `.`, empty component,
 * `\`, `:` or NUL. A manifest is read from disk, where anyone may have edited it: a path leading
 * elsewhere would have `backup` move or `--prune` delete a file outside the backup.
 */
const StoredPath = z
  .string()
  .check(z.refine((path) => path.startsWith(`${FILES_DIR}/`) && staysInside(path), 'a path inside files/'));

function staysInside(path: string): boolean {
  try {
    resolveInside('.', path);
    return true;
  } catch {
    return false;
  }
}

/** What the manifest says of one file: where its local copy is, which hub version it is, its hash. */
export const ManifestFileSchema = z.object({
  /** Relative to the backup folder, `/`-separated: `files/Documents/notes.txt`. */
  path: StoredPath,
  /** The hub's id of the file (`Attach.hash`). */
  hash: z.string(),
  /** The hub's name of the file, as sent. */
  name: z.string(),
  /** The hub's names from the top (`Documents/notes.txt`). */
  hubPath: z.string(),
  size: z.number(),
  revision: z.number(),
  /** The hub's edit time, ISO 8601 (`''` when the hub had none). */
  edited: z.string(),
  created: z.string(),
  filetype: z.string(),
  /** SHA-256 of the local copy, lower-case hex. */
  sha256: z.string(),
  /** When the local copy was completed. */
  savedAt: z.string(),
  /** Set when the file is no longer on the hub (its local copy is kept unless `--prune`). */
  goneSince: z.optional(z.string()),
});
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

const ManifestFolderSchema = z.object({
  path: StoredPath,
  hash: z.string(),
  name: z.string(),
  hubPath: z.string(),
});
export type ManifestFolder = z.infer<typeof ManifestFolderSchema>;

const ManifestExportSchema = z.object({
  path: z.literal(EXPORT_FILE),
  sections: z.array(z.string()),
  size: z.number(),
  sha256: z.string(),
  savedAt: z.string(),
});
export type ManifestExport = z.infer<typeof ManifestExportSchema>;

export const MANIFEST_FORMAT = 'socialsite-sdk-backup';

const ManifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(1),
  /** The hub's base URL. */
  hub: z.string(),
  /** The channel's nickname, once known (from the export). */
  channel: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The last run: when and how it ended (`running` while one is under way or was killed), and why
   * it failed (`error`) when it did. `verify` reports success only after a `complete` run.
   */
  lastRun: z.object({
    startedAt: z.string(),
    finishedAt: z.optional(z.string()),
    status: z.string(),
    error: z.optional(z.string()),
  }),
  export: z.optional(ManifestExportSchema),
  folders: z.array(ManifestFolderSchema),
  files: z.array(ManifestFileSchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** Why a manifest could not be used. */
export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** The manifest of the backup in `out`, `undefined` when there is none; a `ManifestError` when unreadable. */
export async function readManifest(out: string): Promise<Manifest | undefined> {
  const path = join(out, MANIFEST_FILE);
  let text: string | undefined;
  try {
    // A regular file only: a link is not followed, a FIFO not waited on.
    text = await readTextFile(path);
  } catch (error) {
    throw new ManifestError(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ManifestError(`${path} is not JSON`);
  }
  const parsed = ManifestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ManifestError(
      `${path} is not a backup manifest of this version (${issue?.path.join('.') || 'top'}: ${issue?.message})`,
    );
  }
  return parsed.data;
}

/** A new, empty manifest. */
export function emptyManifest(hub: string, now: string): Manifest {
  return {
    format: MANIFEST_FORMAT,
    version: 1,
    hub,
    createdAt: now,
    updatedAt: now,
    lastRun: { startedAt: now, status: 'running' },
    folders: [],
    files: [],
  };
}

/**
 * The manifest of a running backup: changed in memory, written atomically (temporary file, then
 * rename) at most every `intervalMs` while files complete, and at once on {@link flush}. A process
 * killed in between loses at most that interval's entries: their files are fetched again.
 */
export class ManifestStore {
  readonly #out: string;
  readonly #intervalMs: number;
  readonly #onWritten: ((written: Manifest) => Promise<void>) | undefined;
  #manifest: Manifest;
  readonly #files: Map<string, ManifestFile>;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #writing: Promise<void> = Promise.resolve();
  #dirty = false;
  #failure: unknown;

  /** `onWritten` runs after each successful write, with what was written, before `flush` resolves. */
  constructor(
    out: string,
    manifest: Manifest,
    options: {
      intervalMs?: number | undefined;
      onWritten?: ((written: Manifest) => Promise<void>) | undefined;
    } = {},
  ) {
    this.#out = out;
    this.#intervalMs = options.intervalMs ?? 500;
    this.#onWritten = options.onWritten;
    this.#manifest = manifest;
    this.#files = new Map(manifest.files.map((file) => [file.hash, file]));
  }

  get manifest(): Manifest {
    return { ...this.#manifest, files: [...this.#files.values()] };
  }

  file(hash: string): ManifestFile | undefined {
    return this.#files.get(hash);
  }

  get files(): ManifestFile[] {
    return [...this.#files.values()];
  }

  setFile(file: ManifestFile): void {
    this.#files.set(file.hash, file);
    this.#changed();
  }

  removeFile(hash: string): void {
    this.#files.delete(hash);
    this.#changed();
  }

  /** Changes the top-level fields (hub, channel, export, folders, lastRun). */
  update(change: Partial<Omit<Manifest, 'files'>>): void {
    this.#manifest = { ...this.#manifest, ...change };
    this.#changed();
  }

  /** Writes now if anything changed since the last write; rejects if a write failed. */
  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#queueWrite();
    if (this.#failure) throw this.#failure;
  }

  /** Drops the pending write: nothing more is written (a run refused before it changed anything). */
  discard(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#dirty = false;
  }

  #changed(): void {
    this.#dirty = true;
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      void this.#queueWrite();
    }, this.#intervalMs);
  }

  #queueWrite(): Promise<void> {
    this.#writing = this.#writing.then(async () => {
      if (!this.#dirty) return;
      this.#dirty = false;
      const manifest = this.manifest;
      manifest.updatedAt = new Date().toISOString();
      manifest.files.sort((a, b) => compareText(a.path, b.path));
      try {
        await writeFileAtomic(join(this.#out, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
        this.#failure = undefined;
      } catch (error) {
        this.#dirty = true;
        this.#failure = error;
        return;
      }
      await this.#onWritten?.(manifest).catch(() => {});
    });
    return this.#writing;
  }
}
