import * as z from 'zod/mini';
import { fail, show } from './issue.js';

/*
 * Hubzilla's date-times, apart from the other normalizers (`coerce.ts`): only Native records have
 * them, so an app that imports only `AppClient` does not carry the date parser.
 */

/** The two spellings of "no date" in Hubzilla (older releases and some tables use the first). */
const NO_DATE = new Set(['0000-00-00 00:00:00', '0001-01-01 00:00:00']);
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DASH = 45;
const SPACE = 32;
const COLON = 58;
const ZERO = 48;

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
    text.charCodeAt(4) !== DASH ||
    text.charCodeAt(7) !== DASH ||
    text.charCodeAt(10) !== SPACE ||
    text.charCodeAt(13) !== COLON ||
    text.charCodeAt(16) !== COLON
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
  // The "no date" values start with "0": any other date is not looked up (hashing 19 characters).
  if (value === null || value === '') return null;
  if (typeof value === 'string' && value.charCodeAt(0) === ZERO && NO_DATE.has(value)) return null;
  return (
    (typeof value === 'string' ? utcDate(value) : undefined) ??
    fail(ctx, `Expected a date-time "YYYY-MM-DD HH:MM:SS", received ${show(value)}`)
  );
});
