import { ArgumentError } from '../errors/argument-error.js';

/** How a cursor field is checked: a whole number ≥ 0, or a list of at most `max` strings or numbers. */
export type CursorField = 'count' | { list: 'string' | 'count' | 'object'; max: number };

/**
 * The `cursor` option, checked: `undefined`, or a cursor of `stream` (version 1) whose fields
 * are as `fields` says. Anything else (another stream's cursor, a hand-edited one, a cut string) is
 * an `ArgumentError`: resuming from it could skip or repeat items without a word.
 */
export function readCursor<C>(
  value: unknown,
  stream: string,
  fields: Record<string, CursorField>,
): C | undefined {
  if (value === undefined) return undefined;
  const cursor = value as Record<string, unknown>;
  const bad = (why: string) =>
    new ArgumentError(
      `cursor is not a cursor of ${stream}.follow (${why}): pass the \`cursor\` of an earlier follow of it, as it was`,
    );
  if (cursor === null || typeof cursor !== 'object' || Array.isArray(cursor)) throw bad('not an object');
  if (cursor.v !== 1) throw bad('version');
  if (cursor.stream !== stream) throw bad(`stream ${JSON.stringify(cursor.stream)}`);
  for (const [name, field] of Object.entries(fields)) {
    const given = cursor[name];
    const ok =
      field === 'count'
        ? isCount(given)
        : Array.isArray(given) &&
          given.length <= field.max &&
          given.every((entry) =>
            field.list === 'count'
              ? isCount(entry)
              : field.list === 'object'
                ? typeof entry === 'object' && entry !== null && !Array.isArray(entry)
                : typeof entry === 'string',
          );
    if (!ok) throw bad(name);
  }
  const known = new Set(['v', 'stream', ...Object.keys(fields)]);
  const extra = Object.keys(cursor).find((key) => !known.has(key));
  if (extra !== undefined) throw bad(`unknown field ${JSON.stringify(extra)}`);
  return cursor as C;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** The last `max` entries of `list` (a cursor's memory is bounded). */
export function lastOf<T>(list: readonly T[], max: number): T[] {
  return list.length > max ? list.slice(list.length - max) : [...list];
}
