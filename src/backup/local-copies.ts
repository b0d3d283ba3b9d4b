import { lstatInside, moveInside, removeInside } from '../node/fs/index.js';
import { describeError } from './fs-utils.js';
import { parkingSpot } from './layout.js';
import type { ManifestFile } from './manifest.js';
import type { PlannedMove } from './plan.js';

/**
 * The local copies of files the hub moved or renamed, moved in two steps: every moving copy goes
 * to `.moving/` first, then to its new place, so that moves that swap or free each other's places
 * (or a case-only rename) never overwrite a copy still needed. Paths are relative to the backup
 * folder and go through the SDK's file-system module (no link followed).
 */
export class LocalCopies {
  readonly #out: string;
  readonly #warn: (message: string) => void;
  /** Files whose copy an interrupted move left in `.moving/`: their first step is done. */
  readonly #foundParked = new Set<string>();
  /** Files whose parked copy could not be moved to its place: removed once downloaded again. */
  readonly leftParked = new Set<string>();

  constructor(out: string, warn: (message: string) => void) {
    this.#out = out;
    this.#warn = warn;
  }

  /**
   * A file's local copy: parked in `.moving/` by an interrupted move, else at its manifest path.
   * The parked copy first: only a move of this very file puts a copy there, while its manifest
   * path may hold another file's copy moved in since (recoverMoves keeps the manifest right when
   * the kill came after the first step). A link is not a copy (lstat): the download replaces it.
   */
  async locate(file: ManifestFile): Promise<{ size: number; parked: boolean } | undefined> {
    const there = await lstatInside(this.#out, parkingSpot(file.hash)).catch(() => undefined);
    if (there?.isFile()) {
      this.#foundParked.add(file.hash);
      return { size: there.size, parked: true };
    }
    const here = await lstatInside(this.#out, file.path).catch(() => undefined);
    return here?.isFile() ? { size: here.size, parked: false } : undefined;
  }

  /** First step: the moving copies to `.moving/`; `failed` collects the hashes of those that could not go. */
  async park(moves: PlannedMove[], failed: Set<string>): Promise<PlannedMove[]> {
    const parked: PlannedMove[] = [];
    for (const move of moves) {
      try {
        if (!this.#foundParked.has(move.from.hash))
          await moveInside(this.#out, move.from.path, parkingSpot(move.from.hash));
        parked.push(move);
      } catch (error) {
        failed.add(move.from.hash);
        this.#warn(`could not move ${move.from.path}: ${describeError(error)}`);
      }
    }
    return parked;
  }

  /**
   * Second step: parked copies to their new places; resolves with the moves done. A copy that
   * cannot be moved stays parked (the manifest still finds it there) and its file is downloaded
   * again: `failed` collects their hashes.
   */
  async unpark(parked: PlannedMove[], failed: Set<string>): Promise<PlannedMove[]> {
    const moved: PlannedMove[] = [];
    for (const move of parked) {
      try {
        await moveInside(this.#out, parkingSpot(move.from.hash), move.entry.path);
        moved.push(move);
      } catch (error) {
        failed.add(move.from.hash);
        this.leftParked.add(move.from.hash);
        this.#warn(`could not move ${move.from.path}: ${describeError(error)}`);
      }
    }
    return moved;
  }

  /** Removes a file's parked copy, if any (never through a link). */
  removeParked(hash: string): Promise<boolean> {
    return removeInside(this.#out, parkingSpot(hash), 'file');
  }
}
