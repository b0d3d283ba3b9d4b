import * as z from 'zod/mini';
import { fail, show } from './issue.js';

/*
 * The normalizers every record schema is built from. Both servers send database values as they
 * come out of the driver: numbers or numeric strings, mixed within one object, and flags as
 * booleans, 0/1 or "0"/"1". Each normalizer accepts those encodings and returns the documented
 * type. They stay deliberately cheap (a type check, a short-string test, no chains): they run
 * once per field of every record of every list. Each is ONE zod node, a transform that checks the
 * type itself: a `pipe(union([...]), transform)` ran four nodes per field, and the union built an
 * issue for every member that did not match (phpFox's `"7"` first failed as a number), 2-4× the
 * time (130 → 55 ns for an integer string). The input type is declared as before, so
 * `z.input<typeof …>` does not change; anything else is rejected with a message saying what came.
 */

/** An optional minus sign and decimal digits; only ever run on short strings (see `MAX_INT_CHARS`). */
const INTEGER_TEXT = /^-?\d+$/;
/** Longer than any safe integer ("-9007199254740991"): rejected before the regex sees it. */
const MAX_INT_CHARS = 17;

/**
 * An integer, sent as a JSON number or as a decimal string (`7` or `"7"`, `-1` or `"-1"`) → `number`.
 * Used for ids, sizes, counts and unix-second timestamps. Rejects `""`, non-digits, surrounding
 * spaces, fractions and values beyond `Number.MAX_SAFE_INTEGER`.
 */
export const intSchema = z.transform((value: number | string, ctx): number => {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? value : fail(ctx, `Expected an integer, received ${value}`);
  }
  if (typeof value === 'string' && value.length <= MAX_INT_CHARS && INTEGER_TEXT.test(value)) {
    const parsed = Number(value);
    if (Number.isSafeInteger(parsed)) return parsed;
  }
  return fail(ctx, `Expected an integer or an integer string, received ${show(value)}`);
});

/**
 * A yes/no flag: `true`/`false`, `1`/`0` or `"1"`/`"0"` → `boolean`. Nothing else (the recorded
 * servers never send `""`, `"true"` or other numbers for a flag, so those mean a broken answer).
 */
export const flagSchema = z.transform((value: number | string | boolean, ctx): boolean => {
  switch (value) {
    case true:
    case 1:
    case '1':
      return true;
    case false:
    case 0:
    case '0':
      return false;
    default:
      return fail(ctx, `Expected a flag (true/false, 0/1, "0"/"1"), received ${show(value)}`);
  }
});

/**
 * A string the server may send as `null` (phpFox `email`, `country_iso`, notification `icon`). One
 * node like the others, not `z.nullable(z.string())`: no bundle then needs zod's nullable schema.
 */
export const nullableStringSchema = z.transform((value: string | null, ctx): string | null =>
  value === null || typeof value === 'string'
    ? value
    : fail(ctx, `Expected a string or null, received ${show(value)}`),
);
