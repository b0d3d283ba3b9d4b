import type { ServerLimits } from '../../../src/core/request/php-limits.js';
import { readPhpRequest } from '../../../src/testing/http/php-request.js';
import type { PhpArray } from '../../../src/testing/http/php-vars.js';

/*
 * For the property of fuzz-php-limits.test.ts: what a request meant (its fields as sent, read
 * naively: `name[]` entries a list, every other name itself) against what PHP reads of it under
 * the site's limits (the fake's model, checked against a real PHP in test/testing/php-limits.test.ts).
 */

/** Fields by name: a value, or the values of a `name[]` list in order. */
export type Fields = Record<string, string | string[] | { duplicated: string }>;

/** A file part as sent: its field and its file name and size. */
export interface SentFile {
  field: string;
  name: string;
  size: number;
}

/** What one request meant: its query's and its body's fields, its files. */
export interface Meant {
  query: Fields;
  body: Fields;
  files: SentFile[];
}

function naive(pairs: Iterable<[string, string]>): Fields {
  const fields: Fields = {};
  for (const [name, value] of pairs) {
    const list = name.endsWith('[]') ? name.slice(0, -2) : undefined;
    const before = fields[list ?? name];
    if (list !== undefined && Array.isArray(before)) before.push(value);
    else if (list !== undefined && before === undefined) fields[list] = [value];
    // The same plain name twice: one of them is lost whatever PHP does.
    else fields[list ?? name] = before === undefined ? value : { duplicated: name };
  }
  return fields;
}

/** The request's fields as sent, read without PHP's rules (the files with the names the caller gave). */
export async function meantBy(request: Request, fileNames: ReadonlyMap<string, string>): Promise<Meant> {
  const query = naive(new URL(request.url).searchParams);
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { query, body: naive(new URLSearchParams(await request.text())), files: [] };
  if (!type.startsWith('multipart/form-data')) return { query, body: {}, files: [] };
  const texts: [string, string][] = [];
  const files: SentFile[] = [];
  for (const [field, value] of await request.formData()) {
    if (typeof value === 'string') texts.push([field, value]);
    else files.push({ field, name: fileNames.get(field) ?? value.name, size: value.size });
  }
  return { query, body: naive(texts), files };
}

/** PHP's table in the same terms: a list for an array keyed 0, 1, 2..., the array itself otherwise. */
function asFields(table: PhpArray): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of table) {
    if (typeof value === 'string') fields[name] = value;
    else {
      const keys = [...value.keys()];
      fields[name] = keys.every((key, at) => key === String(at))
        ? [...value.values()]
        : Object.fromEntries([...value].map(([key, inner]) => [key, inner instanceof Map ? 'Array' : inner]));
    }
  }
  return fields;
}

/** What PHP reads of `request` under `limits`, in the terms of {@link Meant}. */
export async function readByPhp(request: Request, limits: Required<ServerLimits>): Promise<Meant> {
  const php = await readPhpRequest(request, limits);
  const files: SentFile[] = [];
  for (const [field, entry] of php.files) {
    if (!(entry instanceof Map) || entry.get('error') !== '0') {
      files.push({
        field,
        name: `(upload error ${String(entry instanceof Map ? entry.get('error') : '?')})`,
        size: 0,
      });
      continue;
    }
    files.push({ field, name: String(entry.get('name')), size: Number(entry.get('size')) });
  }
  return { query: asFields(php.get) as Fields, body: asFields(php.post) as Fields, files };
}
