import type { ServerLimits } from '../../../src/core/request/php-limits.js';
import { readPhpRequest } from '../../../src/testing/http/php-request.js';

/*
 * For the property of fuzz-php-limits.test.ts: what a request meant (its fields as sent, read
 * naively: `name[]` entries a list, every other name itself) against what PHP reads of it under
 * the site's limits (the fake's model, checked against a real PHP in test/testing/php-limits.test.ts).
 */

/** Fields by name: a value, a list (`name[]`, or keys 0, 1, 2...), or keyed entries (`name[key]`). */
export type Fields = Record<string, unknown>;

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

/** `name`, `name[]`, `name[key][]`: a plain name and its bracket keys (`null` appends); anything else is a name of its own. */
const BRACKETS = /^([A-Za-z0-9_-]+)((?:\[[^[\]]*\])*)$/;

type Tree = Map<string, Tree | string | { duplicated: string }>;

function naive(pairs: Iterable<[string, string]>): Fields {
  const tree: Tree = new Map();
  for (const [name, value] of pairs) {
    const match = BRACKETS.exec(name);
    const path = match
      ? [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((key) => key[1] ?? '')]
      : [name];
    let into = tree;
    for (const [at, key] of path.entries()) {
      const last = at === path.length - 1;
      const slot = key === '' && at > 0 ? String(nextIndex(into)) : key;
      if (last) {
        // The same name twice: one of the values is lost, whatever the server does.
        into.set(slot, into.has(slot) ? { duplicated: name } : value);
        break;
      }
      const inner = into.get(slot);
      if (inner instanceof Map) into = inner;
      else {
        const made: Tree = new Map();
        into.set(slot, inner === undefined ? made : { duplicated: name });
        if (inner !== undefined) break;
        into = made;
      }
    }
  }
  return asFields(tree);
}

/** One past the largest integer key, written out (no shared code with the model under test). */
function nextIndex(tree: Tree): number {
  let next = 0;
  for (const key of tree.keys()) if (/^(?:0|[1-9][0-9]*)$/.test(key)) next = Math.max(next, Number(key) + 1);
  return next;
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

/** A table in plain terms: an array keyed 0, 1, 2... a list, another an object (key order kept as entries). */
function asFields(table: Map<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [name, value] of table) fields[name] = plain(value);
  return fields;
}

function plain(value: unknown): unknown {
  if (!(value instanceof Map)) return value;
  const keys = [...value.keys()];
  return keys.every((key, at) => key === String(at))
    ? [...value.values()].map(plain)
    : [...value].map(([key, inner]) => [key, plain(inner)]);
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
  return { query: asFields(php.get), body: asFields(php.post), files };
}
