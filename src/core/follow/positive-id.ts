/**
 * A server's id as a follower can rely on it: a positive safe integer (from a number, or the numeric
 * string phpFox sends), else 0, "none" (in `warn`/`off` validation an entry may carry anything;
 * database row ids start at 1).
 */
export function positiveId(value: unknown): number {
  const id = typeof value === 'string' ? Number(value) : value;
  return Number.isSafeInteger(id) && (id as number) >= 1 ? (id as number) : 0;
}
