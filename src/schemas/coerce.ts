import * as z from 'zod/mini';

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
 * A value for an error message. A long one (a wrong field can hold a megabyte of base64) is
 * described, not cut: the client redacts secrets from messages, and a cut could keep half of one.
 */
function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 40) return text;
  return typeof value === 'string' ? `a string of ${value.length} characters` : `a ${typeof value} value`;
}

function fail(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}

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

/** The two spellings of "no date" in Hubzilla (older releases and some tables use the first). */
const NO_DATE = new Set(['0000-00-00 00:00:00', '0001-01-01 00:00:00']);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The decimal value of `text[from..to)`, or -1 when a character is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * `YYYY-MM-DD HH:MM:SS` read as UTC, calendar-checked (no month 13, no Feb 30), or `undefined`.
 * Hand-rolled rather than a regex plus `Date` arithmetic: it runs for every date of every record
 * and is several times faster.
 */
function utcDate(text: string): Date | undefined {
  if (
    text.length !== 19 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== ' ' ||
    text[13] !== ':' ||
    text[16] !== ':'
  ) {
    return undefined;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hours = digits(text, 11, 13);
  const minutes = digits(text, 14, 16);
  const seconds = digits(text, 17, 19);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hours < 0 || hours > 23) return undefined;
  if (minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return undefined;
  const leapDay = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
  if (day > (DAYS_IN_MONTH[month - 1] ?? 0) + leapDay) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds));
  // Date.UTC maps the years 0-99 to 1900-1999.
  if (year < 100) date.setUTCFullYear(year, month - 1, day);
  return date;
}

/**
 * A Hubzilla date-time: a UTC string `YYYY-MM-DD HH:MM:SS` without zone → `Date`. The "no date"
 * values `0000-00-00 00:00:00` and `0001-01-01 00:00:00`, `null` and `""` → `null`. Anything else
 * (another format, an impossible calendar date) is rejected.
 */
export const nativeDateSchema = z.transform((value: string | null, ctx): Date | null => {
  if (value === null || value === '' || (typeof value === 'string' && NO_DATE.has(value))) return null;
  return (
    (typeof value === 'string' ? utcDate(value) : undefined) ??
    fail(ctx, `Expected a date-time "YYYY-MM-DD HH:MM:SS", received ${show(value)}`)
  );
});

/** A string the server may send as `null` (phpFox `email`, `country_iso`, notification `icon`). */
export const nullableStringSchema = z.nullable(z.string());
