import { ArgumentError } from '../errors/argument-error.js';

/**
 * How a cursor field is checked: a whole number ≥ 0, or a list of at most `max` entries of a kind
 * (or that a check accepts).
 */
export type CursorField = 'count' | { list: 'string' | 'count' | ((entry: unknown) => boolean); max: number };

/**
 * The `cursor` option, checked: `undefined`, or a cursor of `stream` (version 1) with exactly the
 * fields `fields` describes. Anything else (another stream's cursor, a hand-edited one, a cut
 * string) is an `ArgumentError`: resuming from it could skip or repeat items without a word.
 */
export function readCursor<C>(
  value: unknown,
  stream: string,
  fields: Record<string, CursorField>,
): C | undefined {
  if (value === undefined) return undefined;
  // `?.`: null has no fields; a string or a number has no `v`.
  const cursor = value as Record<string, unknown> | null;
  const names = Object.keys(fields);
  const valid =
    cursor?.v === 1 &&
    cursor.stream === stream &&
    Object.keys(cursor).length === names.length + 2 &&
    names.every((name) => fits(cursor[name], fields[name] as CursorField));
  if (!valid) {
    throw new ArgumentError(
      `cursor is not a cursor of ${stream}.follow: pass the \`cursor\` of an earlier follow of it, as it was`,
    );
  }
  return cursor as C;
}

function fits(value: unknown, field: CursorField): boolean {
  if (field === 'count') return isCount(value);
  return (
    Array.isArray(value) &&
    value.length <= field.max &&
    value.every((entry) =>
      field.list === 'count'
        ? isCount(entry)
        : field.list === 'string'
          ? typeof entry === 'string'
          : field.list(entry),
    )
  );
}

function isCount(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** The last `max` entries of `list` (a cursor's memory is bounded). */
export function lastOf<T>(list: readonly T[], max: number): T[] {
  return list.slice(-max);
}
