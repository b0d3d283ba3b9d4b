import { ArgumentError } from '../errors/argument-error.js';

/** Every key of every member of a union (`keyof` of a union gives only the keys all members share). */
export type AllKeys<T> = T extends unknown ? keyof T : never;

/**
 * Every key of `T`, spelt once as an object so that the compiler checks the list against the type:
 * a key missing from the list, or one the type does not have, is a type error. So the run-time list
 * comes from the declaration, and cannot drift from it.
 */
export type KeyList<T> = { readonly [K in AllKeys<T> & string]-?: true };

/** The keys of a {@link KeyList}, as the list the run-time checks use. */
export function keysOf<T>(list: KeyList<T>): readonly string[] {
  return Object.freeze(Object.keys(list));
}

/**
 * Refuses a key of `value` that is not in `known`, whatever its value (`undefined` included): a
 * misspelt option (`timout`, `retires`) would otherwise be ignored without a word. The message names
 * the key, what it is not (`where`: "an option of NativeClient", "a parameter of files.list") and
 * the closest known key.
 */
export function refuseUnknownKeys(value: object, known: readonly string[], where: string): void {
  for (const key of Object.keys(value)) {
    if (known.includes(key)) continue;
    const near = closest(key, known);
    throw new ArgumentError(
      `${quote(key)} is not ${where}; ${near === undefined ? `known: ${known.join(', ')}` : `did you mean ${quote(near)}?`}`,
    );
  }
}

/**
 * The candidate closest to `word`, or `undefined` when none is close enough to be a likely misspelling.
 * Case, `_` and `-` are ignored first (`fileId` → `file_id`); then the edit distance, counting a swap of
 * two neighbours as one edit (`timeuot` → `timeout`), must be at most 40% of the longer word, rounded
 * up (`retries` → `retry`: 3 edits of 7). On a tie the candidate listed first wins.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const plain = loose(word);
  const same = candidates.find((candidate) => loose(candidate) === plain);
  if (same !== undefined) return same;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const limit = Math.max(1, Math.ceil(Math.max(word.length, candidate.length) * 0.4));
    const distance = editDistance(plain, loose(candidate));
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and neighbour swaps. */
export function editDistance(a: string, b: string): number {
  // Keys are short (under 40 characters); a long one is not a misspelling of any of them.
  if (Math.abs(a.length - b.length) > 8) return Math.abs(a.length - b.length);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const above = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let cell = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        cell = Math.min(cell, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(cell);
    }
    rows.push(row);
  }
  return (rows[a.length] as number[])[b.length] as number;
}

function loose(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

/** A key as the message shows it: quoted, cut, so that a pasted value used as a key stays short. */
function quote(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}
