import type { Stats } from 'node:fs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { sha256File, sha256Of, statIfAny } from './fs-utils.js';
import { FILES_DIR, JOURNAL_DIR, localPath, parkingOf, partialOf } from './layout.js';
import { type ManifestFile, ManifestFileSchema, type ManifestStore } from './manifest.js';
import { MOVES_FILE } from './move-journal.js';

/*
 * The manifest is written at most every 500 ms, and a file is hashed before its entry is made: a
 * process killed in between leaves files complete under their final names that the manifest does
 * not list. Their size alone cannot tell a complete download from the older copy it replaces (the
 * hub sends no content hash), so before each download the run writes an INTENT here: the manifest
 * entry the file will get (without its SHA-256) and the state of the local copy it will replace.
 * `downloadToFile` renames the finished bytes into place, which changes that state (a new file, a
 * new modification time); the next run finds the intent, sees the change and the missing `.part`,
 * hashes the local copy and makes the entry the killed run would have made. An intent is removed
 * once a manifest write holds its entry, or by the next run.
 */

const IntentSchema = z.object({
  file: z.omit(ManifestFileSchema, { sha256: true, savedAt: true, goneSince: true }),
  /** The local copy before the download (`null`: none): size and modification time. */
  before: z.nullable(z.object({ size: z.number(), mtimeMs: z.number() })),
});
export type Intent = z.infer<typeof IntentSchema>;
export type IntendedFile = Intent['file'];

/** What the next run found in the journal. */
export interface JournalState {
  /** Entries made from files the killed run had completed (the manifest lists them now). */
  recovered: IntendedFile[];
  /** Downloads that did not complete: their intents, for {@link settleUnfinished}. */
  unfinished: IntendedFile[];
}

function intentPath(out: string, hash: string): string {
  return join(out, JOURNAL_DIR, `${sha256Of(hash).slice(0, 32)}.json`);
}

/** Records that `file` is about to be downloaded over `before` (the local copy's `stat`, if any). */
export async function writeIntent(out: string, file: IntendedFile, before: Stats | undefined): Promise<void> {
  await mkdir(join(out, JOURNAL_DIR), { recursive: true });
  // Not atomic, on purpose: a torn intent is not JSON, which is read as "no intent" (fetch again).
  await writeFile(intentPath(out, file.hash), intentText(file, before));
}

/**
 * Records another version than first intended (the hub changed between the list and the
 * download). Synchronous, because it runs in `onRecord`, before any byte of that version is
 * written: the intent must name the version the renamed file will hold.
 */
export function rewriteIntentSync(out: string, file: IntendedFile, before: Stats | undefined): void {
  mkdirSync(join(out, JOURNAL_DIR), { recursive: true });
  writeFileSync(intentPath(out, file.hash), intentText(file, before));
}

function intentText(file: IntendedFile, before: Stats | undefined): string {
  const intent: Intent = { file, before: before ? { size: before.size, mtimeMs: before.mtimeMs } : null };
  return `${JSON.stringify(intent)}\n`;
}

export function removeIntent(out: string, hash: string): Promise<void> {
  return rm(intentPath(out, hash), { force: true });
}

/**
 * Reads the journal a killed run left: each intent whose file was renamed into place becomes a
 * manifest entry (hashed now) and its orphaned `.part.json` is removed; the others are returned as
 * unfinished. Run under the lock, before planning.
 */
export async function recoverFinished(out: string, store: ManifestStore): Promise<JournalState> {
  const state: JournalState = { recovered: [], unfinished: [] };
  for (const { name, intent } of await readIntents(out)) {
    const { file } = intent;
    const local = localPath(out, file.path);
    const now = await statIfAny(local);
    const finished =
      now?.isFile() &&
      now.size === file.size &&
      !(await statIfAny(partialOf(local))) &&
      replaced(intent, now);
    if (!now || !finished) {
      state.unfinished.push(file);
      continue;
    }
    const recorded = store.file(file.hash);
    if (!recorded || !sameCopy(recorded, file)) {
      store.setFile({ ...file, sha256: await sha256File(local), savedAt: now.mtime.toISOString() });
      state.recovered.push(file);
      // A parked copy (a move that failed half-way, then this download) is older than this one.
      await rm(parkingOf(out, file.hash), { force: true });
    } else await rm(join(out, JOURNAL_DIR, name), { force: true });
    // Killed between the rename and the removal of the partial file's description.
    await rm(`${partialOf(local)}.json`, { force: true });
  }
  return state;
}

/** Unfinished downloads' intents are done with once planned (a new download writes its own). */
export async function dropIntents(out: string, unfinished: IntendedFile[]): Promise<void> {
  for (const file of unfinished) await removeIntent(out, file.hash);
}

/** The intents in the journal; unreadable ones (torn by a kill) are removed. */
async function readIntents(out: string): Promise<{ name: string; intent: Intent }[]> {
  const dir = join(out, JOURNAL_DIR);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const intents: { name: string; intent: Intent }[] = [];
  for (const name of names) {
    if (name === MOVES_FILE) continue;
    const intent = await readIntent(join(dir, name));
    if (intent && insideFiles(intent.file.path)) intents.push({ name, intent });
    else await rm(join(dir, name), { recursive: true, force: true });
  }
  return intents;
}

async function readIntent(path: string): Promise<Intent | undefined> {
  try {
    const parsed = IntentSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the local copy changed since the intent was written. Only the rename of a finished
 * download writes there while the run holds the folder: a new file, or a new modification time.
 * (A coarse clock that gives both the same time reads as "not replaced": fetched again, never
 * wrongly taken as complete.)
 */
function replaced(intent: Intent, now: Stats): boolean {
  return intent.before === null || intent.before.size !== now.size || intent.before.mtimeMs !== now.mtimeMs;
}

/** The manifest already describes this version at this place (its write came before the kill). */
function sameCopy(recorded: ManifestFile, file: IntendedFile): boolean {
  return (
    recorded.path === file.path &&
    recorded.size === file.size &&
    recorded.revision === file.revision &&
    recorded.edited === file.edited &&
    recorded.goneSince === undefined
  );
}

/** A journal is the backup's own, but its paths are checked like any read from disk. */
function insideFiles(path: string): boolean {
  const segments = path.split('/');
  return (
    segments[0] === FILES_DIR &&
    segments.length > 1 &&
    segments.every(
      (segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'),
    )
  );
}
