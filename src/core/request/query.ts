/** A value the SDK sends as a query or form field; arrays go out as repeated `name[]` fields. */
export type FieldValue = string | number | boolean | Date | readonly (string | number)[] | undefined | null;
export type Fields = Record<string, FieldValue>;

/** Hubzilla and phpFox read booleans as 1/0 and date-times as UTC `YYYY-MM-DD HH:MM:SS`. */
function fieldText(value: string | number | boolean | Date): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return formatUtcDateTime(value);
  return String(value);
}

/** `Date` → `YYYY-MM-DD HH:MM:SS` in UTC, the only date-time form Hubzilla parses reliably. */
function formatUtcDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid Date');
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Flattens fields into name/value pairs: `undefined`/`null` are left out, arrays become `name[]`. */
export function fieldEntries(fields: Fields | undefined): [string, string][] {
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(fields ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) entries.push([`${name}[]`, fieldText(item)]);
    } else {
      entries.push([name, fieldText(value as string | number | boolean | Date)]);
    }
  }
  return entries;
}

/** What the urlencoded serializer leaves as it is (letters, digits, `*-._`). */
const FORM_SAFE = /^[\w*.-]*$/;

/**
 * The fields as a query string, `URLSearchParams`' serialization exactly. Per call: the plain names
 * and values an API call has (ids, method names, tokens) are joined as they are, the others go
 * through `URLSearchParams`; one `URLSearchParams` and a URL re-parse less than setting
 * `url.search` (~0.6 µs in isolation, several between requests).
 */
export function queryString(fields: Fields | undefined): string {
  return pairsQueryString(fieldEntries(fields));
}

/** Name/value pairs (see {@link fieldEntries}) as a query string, as {@link queryString} joins them. */
export function pairsQueryString(pairs: readonly (readonly [string, string])[]): string {
  return pairs
    .map(([name, value]) =>
      FORM_SAFE.test(name + value) ? `${name}=${value}` : String(new URLSearchParams([[name, value]])),
    )
    .join('&');
}

/** Form body: urlencoded, or multipart when a file part is attached. */
export function formBody(
  fields: Fields,
  files?: Record<string, Blob | undefined>,
): URLSearchParams | FormData {
  const entries = fieldEntries(fields);
  const attached = Object.entries(files ?? {}).filter(
    (entry): entry is [string, Blob] => entry[1] !== undefined,
  );
  if (attached.length === 0) return new URLSearchParams(entries);
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  for (const [name, blob] of attached) form.append(name, blob, blob instanceof File ? blob.name : name);
  return form;
}
