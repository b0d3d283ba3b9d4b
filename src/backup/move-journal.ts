import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { statIfAny, writeFileAtomic } from './fs-utils.js';
import { JOURNAL_DIR, localPath, parkingOf } from './layout.js';
import type { ManifestStore } from './manifest.js';

/*
 * Moves go in two steps: every moving copy to `.moving/`, then each to its new place. After the
 * first of the second steps, a manifest path may hold ANOTHER file's copy (two files that swap
 * names), and copies of one size cannot be told apart. So between the steps the run writes down
 * where each parked copy goes (atomically), and writes the manifest right after the last move. A
 * run killed in between is put right by the next: a copy no longer parked is at its new place.
 */

/** In the journal folder, beside the download intents (journal.ts skips it). */
export const MOVES_FILE = 'moves.json';

const MovesSchema = z.array(z.object({ hash: z.string(), path: z.string() }));
export type Moves = z.infer<typeof MovesSchema>;

function movesPath(out: string): string {
  return join(out, JOURNAL_DIR, MOVES_FILE);
}

/** Records, before the second step, where each parked copy (by hub hash) goes. */
export async function writeMoves(out: string, moves: Moves): Promise<void> {
  await mkdir(join(out, JOURNAL_DIR), { recursive: true });
  await writeFileAtomic(movesPath(out), `${JSON.stringify(moves)}\n`);
}

export function removeMoves(out: string): Promise<void> {
  return rm(movesPath(out), { force: true });
}

/**
 * Writes the manifest at once, then removes the record of the moves it now holds. A failed write
 * keeps the record (and is not an error here): the next run puts the manifest right from it.
 */
export async function flushAndRemoveMoves(out: string, store: ManifestStore): Promise<void> {
  await store.flush().then(
    () => removeMoves(out),
    () => {},
  );
}

/**
 * Puts the manifest right after a run killed during the second step of its moves: each copy that
 * is no longer parked and is at its new place is recorded there. Resolves with whether there was
 * anything to put right (the caller then writes the manifest and removes the record).
 */
export async function recoverMoves(out: string, store: ManifestStore): Promise<boolean> {
  let moves: Moves;
  try {
    const parsed = MovesSchema.safeParse(JSON.parse(await readFile(movesPath(out), 'utf8')));
    if (!parsed.success) return false;
    moves = parsed.data;
  } catch {
    return false;
  }
  for (const { hash, path } of moves) {
    const entry = store.file(hash);
    if (!entry || entry.path === path || (await statIfAny(parkingOf(out, hash)))?.isFile()) continue;
    if ((await statIfAny(localPath(out, path)))?.isFile()) store.setFile({ ...entry, path });
  }
  return true;
}
