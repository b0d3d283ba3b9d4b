/** Hubzilla's and PostgreSQL's date-time text: UTC `YYYY-MM-DD HH:MM:SS`, no zone. */
export function sqlDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Hubzilla's "no date" values. */
export const NULL_DATE = '0001-01-01 00:00:00';
export const ZERO_DATE = '0000-00-00 00:00:00';

/**
 * A date-time parameter as PHP's `datetime_convert` would read the common forms (`2030-01-01`,
 * `2030-01-01 10:00:00`, ISO 8601), as `YYYY-MM-DD HH:MM:SS` UTC; `undefined` when unreadable.
 */
export function parseDateParam(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const plain = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text);
  const iso = plain ? `${text.replace(' ', 'T')}${text.length === 10 ? 'T00:00:00' : ''}Z` : text;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : sqlDate(new Date(time));
}

/** Unix seconds of a date. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
