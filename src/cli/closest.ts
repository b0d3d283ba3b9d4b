/**
 * The known name a mistyped one most likely meant, or `undefined` when none is close: a typo
 * (one letter wrong, missing, added, or two swapped; two such for a longer name), a different
 * case, or the start of exactly one known name (`--conc` for `--concurrency`).
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  if (typed === '') return undefined;
  const lower = typed.toLowerCase();
  const startsWith = known.filter((name) => name.toLowerCase().startsWith(lower));
  if (startsWith.length === 1) return startsWith[0];
  // A third of the name may be wrong: `bakup` (1 of 5) is `backup`, `serve` is not `verify`.
  const allowed = Math.max(1, Math.floor(typed.length / 3));
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance <= allowed && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

/**
 * The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbours (`bcakup`) each count one.
 */
function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance between the first i characters of a and the first j of b.
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i++) {
    const row = rows[i] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, at(i - 2, j - 2) + 1);
      row[j] = distance;
    }
  }
  return at(a.length, b.length);
}

/** `; did you mean X?` with the closest of `known` to `typed` written by `write`, or `''`. */
export function didYouMean(
  typed: string,
  known: readonly string[],
  write: (name: string) => string = (name) => name,
): string {
  const closest = closestName(typed, known);
  return closest === undefined ? '' : `; did you mean ${write(closest)}?`;
}
