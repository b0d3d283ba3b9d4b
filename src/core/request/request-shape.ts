import { ArgumentError } from '../errors/argument-error.js';
import { multipartSize } from './multipart.js';
import { limitBreach, limitMessage, type PhpRequestShape, type ServerLimits } from './php-limits.js';
import { phpName } from './php-name.js';
import { type Fields, fieldEntries } from './query.js';

/** What of a request its shape is read from: the query's fields and the body as handed to fetch. */
export interface ShapedRequest {
  query?: Fields | undefined;
  body?: URLSearchParams | FormData | undefined;
}

/**
 * What PHP's limits see of `request` (see {@link PhpRequestShape}): the query's name/value pairs as
 * sent (`name[]` entries one by one), and the body's text fields, its file parts with their sizes,
 * and its size in bytes as sent (a multipart body with its framing). One function for the clients'
 * transport, the relay and the fake's property test, so that all of them count the same request.
 * `queryPairs`: the query's pairs when the caller already has them (`fieldEntries(request.query)`).
 */
export function requestShape(
  request: ShapedRequest,
  queryPairs: readonly (readonly [string, string])[] = fieldEntries(request.query),
): PhpRequestShape {
  const { body } = request;
  if (body === undefined) return { query: queryPairs };
  if (body instanceof URLSearchParams)
    // Its serialization is ASCII (every other character percent-encoded): one byte a character.
    return { query: queryPairs, body: { fields: [...body], files: [], size: body.toString().length } };
  const fields: [string, string][] = [];
  const files: { field: string; fileName: string; size: number }[] = [];
  for (const [name, value] of body) {
    if (typeof value === 'string') fields.push([name, value]);
    else files.push({ field: name, fileName: value.name, size: value.size });
  }
  return { query: queryPairs, body: { fields, files, size: multipartSize(body) } };
}

/**
 * What is wrong with an upload's file name as PHP reads it, or `undefined` when nothing is: PHP ends
 * a file name at a NUL (`shell.php\0.png` arrives as `shell.php`), keeps only what follows the last
 * `/` or `\`, and a control character is no part of any real file name (a CR or LF is sent
 * percent-encoded, and read back as 3 other characters, as a `"` is).
 */
export function uploadNameProblem(name: string): string | undefined {
  if (name.includes('\0'))
    return `it holds a NUL, where PHP ends the name (${quoted(name.slice(0, name.indexOf('\0')))} is what the server would read)`;
  if (/[/\\]/.test(name)) return 'it holds a / or \\, and PHP keeps only what follows the last one';
  if ([...name].some(isControl)) return 'it holds a control character';
  if (name.includes('"'))
    return 'it holds a ", which goes out as %22 (as browsers send it) and PHP reads as those 3 characters';
  return undefined;
}

/** Refuses, with an `ArgumentError`, an upload name PHP would not read as given (see {@link uploadNameProblem}). */
export function checkUploadName(what: string, name: string): void {
  const problem = uploadNameProblem(name);
  if (problem !== undefined) throw new ArgumentError(`${what} ${quoted(name)} is refused: ${problem}`);
}

/**
 * Refuses, with an `ArgumentError` before anything is sent, a request PHP would not read as sent: one
 * it would cut (see {@link limitBreach}; the message names the limit, the count and the fix), or one
 * with a file name it would read otherwise.
 */
export function refuseCutRequest(shape: PhpRequestShape, limits: Required<ServerLimits>): void {
  // A list repeats its name: each name is checked once.
  const names = new Set<string>();
  for (const [name] of shape.query) names.add(name);
  for (const [name] of shape.body?.fields ?? []) names.add(name);
  for (const file of shape.body?.files ?? []) names.add(file.field);
  for (const name of names) checkFieldName(name);
  for (const file of shape.body?.files ?? []) {
    checkUploadName(`The file name of '${file.field}'`, file.fileName);
  }
  const breach = limitBreach(shape, limits);
  if (breach !== undefined) throw new ArgumentError(limitMessage(breach));
}

/** Names PHP reads as sent, at a glance: a plain name, or a list entry `name[]`. */
const PLAIN_NAME = /^[A-Za-z0-9_-]+(\[\])?$/;

/**
 * What PHP reads a field name as, written back (`a[x][]`); `undefined` when PHP drops the field.
 * A name PHP reads otherwise (`a.b` as `a_b`, ` a` as `a`, `a[x]y` as `a[x]`) is not the field the
 * caller meant.
 */
export function phpReadName(name: string): string | undefined {
  if (PLAIN_NAME.test(name)) return name;
  const read = phpName(name);
  return read && read.name + read.keys.map((key) => (key === null ? '[]' : `[${key}]`)).join('');
}

/** Refuses a field PHP would read under another name, or drop (an `ArgumentError`). */
function checkFieldName(name: string): void {
  const read = phpReadName(name);
  if (read === name) return;
  throw new ArgumentError(
    `The field ${quoted(name)} would not reach the server under its name: PHP reads it as ` +
      `${read === undefined ? 'nothing (it drops the field)' : quoted(read)} (it turns spaces and dots ` +
      'before the first [ into _, drops leading spaces, ends a name at a NUL). Nothing was sent: rename the field.',
  );
}

/** A C0 control character or DEL. */
function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/** A name as a message shows it: quoted, control characters escaped (JSON's way), cut at 80 characters. */
function quoted(name: string): string {
  return JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);
}
