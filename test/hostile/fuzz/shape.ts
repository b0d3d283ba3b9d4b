import { isDeepStrictEqual } from 'node:util';
import type * as z from 'zod/mini';

/**
 * The oracle of the fuzz: a value the SDK returns must be a fixed point of its exported schema.
 * The schemas read the wire encoding (date-times as `YYYY-MM-DD HH:MM:SS` strings), so `Date`s are
 * put back into it first; everything else (numbers, booleans, kept unknown fields) must come out of
 * the schema exactly as it went in.
 */
export function expectSchemaValid(schema: z.ZodMiniType, value: unknown, what: string): void {
  const wire = toWire(value);
  const parsed = schema.safeParse(wire);
  if (!parsed.success)
    throw new Error(
      `${what}: the result does not match its schema: ${JSON.stringify(parsed.error.issues).slice(0, 500)}`,
    );
  if (!isDeepStrictEqual(parsed.data, value))
    throw new Error(`${what}: the result is not what its schema makes of it`);
}

/** Throws unless `condition`; the message names the broken promise. */
export function expectThat(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

function toWire(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (value instanceof Uint8Array || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toWire);
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, toWire(entry)]));
}
