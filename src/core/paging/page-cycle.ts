import { hash53 } from '../base/hash53.js';

/**
 * How many pages of one walk are remembered exactly (as 53-bit hashes of their fingerprints):
 * 10,000 pages of 10 friends is 100,000 friends, in well under 1 MB. A walk past it keeps only the
 * O(1) checkpoint below, so memory stays bounded however long a server keeps answering.
 */
const REMEMBERED_PAGES = 10_000;

/**
 * What a walk remembers of its pages to tell that the server went back to one it already sent:
 * a server that answers A, B, A, B... (a broken cursor, a hostile hub) would otherwise make
 * `for await` and `toArray()` grow without end. Comparing with the previous page only catches A, A.
 *
 * Two nets: every page of the first `REMEMBERED_PAGES` is remembered with its position in the walk,
 * so a return to any of them ends the walk before a single item comes twice; and Brent's cycle
 * check (a checkpoint page, moved to the current page each time the distance reaches a doubling
 * power), started afresh where that memory ends, catches a cycle of any length past it, within
 * about twice its distance from there plus its length (some items then come twice).
 *
 * Shared by the pages of one walk, yet each `Page` stays immutable: a page's own checkpoint is
 * passed on to the next, and the remembered positions make `nextPage()` on an earlier page (a
 * second walk from the same page) see only the pages before it, not those a later page loaded.
 */
export class WalkMemory {
  readonly #firstSeenAt = new Map<number, number>();

  /** The first page of a walk. */
  static start(fingerprint: string): WalkPosition {
    const memory = new WalkMemory();
    const hash = hash53(fingerprint);
    memory.#firstSeenAt.set(hash, 0);
    return { memory, depth: 0, checkpoint: hash, power: 1, steps: 0 };
  }

  /** The position of the page after `previous`, or `null` when that page came earlier in the walk. */
  static next(previous: WalkPosition, fingerprint: string): WalkPosition | null {
    const hash = hash53(fingerprint);
    const memory = previous.memory;
    const seenAt = memory.#firstSeenAt.get(hash);
    if (seenAt !== undefined && seenAt <= previous.depth) return null;
    if (hash === previous.checkpoint) return null;
    const depth = previous.depth + 1;
    if (seenAt === undefined ? memory.#firstSeenAt.size < REMEMBERED_PAGES : seenAt > depth)
      memory.#firstSeenAt.set(hash, depth);
    // Brent's check starts afresh where exact memory ends: a cycle entered past it is then
    // recognised within about twice its distance from there plus its length.
    if (depth === REMEMBERED_PAGES) return { memory, depth, checkpoint: hash, power: 1, steps: 0 };
    const steps = previous.steps + 1;
    return steps === previous.power
      ? { memory, depth, checkpoint: hash, power: previous.power * 2, steps: 0 }
      : { memory, depth, checkpoint: previous.checkpoint, power: previous.power, steps };
  }
}

/** Where a page stands in its walk (immutable: each page has its own). */
export interface WalkPosition {
  readonly memory: WalkMemory;
  /** 0 for the first page. */
  readonly depth: number;
  /** Brent's checkpoint: the hash of a page at most `power` pages back. */
  readonly checkpoint: number;
  readonly power: number;
  /** Pages since the checkpoint. */
  readonly steps: number;
}
