import { ArgumentError } from '../core/errors/argument-error.js';
import { phpName } from '../core/request/php-name.js';
import { type PageField, RequestRefusal } from './read-request.js';
import type { FieldKind, SdkCall, TypedFields } from './sdk-call.js';

/** A name as a message shows it: quoted, cut. */
const quote = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

const refuse = (message: string) => new RequestRefusal('bad_request', message);

/** How PHP would read `name`, when that is not `name` itself: what makes a spelling dangerous. */
function phpReading(name: string): string {
  const read = phpName(name);
  if (read === undefined) return '; PHP drops it';
  const spelt = read.name + read.keys.map((key) => `[${key ?? ''}]`).join('');
  return spelt === name ? '' : `; PHP reads it as ${quote(spelt)}`;
}

/** The kinds of field the SDK sends each way: repeated `name[]` texts, a file part, one text. */
const SENT_AS: Readonly<Record<'list' | 'file' | 'text', readonly FieldKind[]>> = {
  list: ['list', 'text-or-list'],
  file: ['file'],
  text: ['id', 'count', 'bool', 'text', 'text-or-list'],
};

const NUMBERS: Partial<Record<FieldKind, RegExp>> = { id: /^[1-9][0-9]*$/, count: /^(?:0|[1-9][0-9]*)$/ };

/** The typed value of one field as the SDK sends it (`3`, `1`/`0`), or the refusal naming it. */
function typedValue(kind: FieldKind, name: string, value: string | string[] | File): TypedFields[string] {
  const number = NUMBERS[kind];
  if (number !== undefined) {
    if (typeof value === 'string' && number.test(value) && Number.isSafeInteger(Number(value))) {
      return Number(value);
    }
    throw refuse(`${quote(name)} must be ${kind === 'id' ? 'a positive integer' : 'an integer ≥ 0'}`);
  }
  if (kind === 'bool') {
    if (value === '1' || value === '0') return value === '1';
    throw refuse(`${quote(name)} must be 1 or 0`);
  }
  return value;
}

/**
 * The page's fields as the typed fields of `call` (`what` names it in messages), refused unless
 * each is one the SDK sends, spelt as the SDK spells it (`name`, or `name[]` for a list), where it
 * sends it (the query of a GET, the body of a POST), once, with a value the SDK could send, and
 * the whole passes the SDK's own argument checks. Anything else is a 400 naming the field: never
 * dropped, since PHP reads more names than a filter can see (` method`, `method%00x`, `do=`, `q=`).
 */
export function sdkFields(call: SdkCall, page: readonly PageField[], what: string): TypedFields {
  const where = call.httpMethod === 'GET' ? 'query' : 'body';
  const given = new Map<string, string | string[] | File>();
  for (const { where: at, name, value } of page) {
    const list = name.endsWith('[]');
    const key = list ? name.slice(0, -2) : name;
    const kind = Object.hasOwn(call.fields, key) ? call.fields[key] : undefined;
    if (kind === undefined) {
      throw refuse(`${quote(name)} is not a parameter the SDK sends to ${what}${phpReading(name)}`);
    }
    if (at !== where) throw refuse(`${quote(name)} belongs in the ${where} of ${what}, not the ${at}`);
    const shape = list ? 'list' : value instanceof File ? 'file' : 'text';
    if (!SENT_AS[shape].includes(kind) || (list && value instanceof File)) {
      throw refuse(`${quote(name)} is not sent that way by the SDK (${kind})`);
    }
    const before = given.get(key);
    // A list grows in place: one push per entry keeps a form of n entries O(n), not O(n²).
    if (shape === 'list' && before === undefined) {
      given.set(key, [value as string]);
    } else if (shape === 'list' && Array.isArray(before)) {
      before.push(value as string);
    } else if (before !== undefined) {
      throw refuse(`${quote(key)} is given more than once`);
    } else {
      given.set(key, value);
    }
  }
  const typed: TypedFields = {};
  for (const [key, value] of given) typed[key] = typedValue(call.fields[key] as FieldKind, key, value);
  try {
    call.check?.(typed);
  } catch (error) {
    if (error instanceof ArgumentError) throw refuse(error.message);
    throw error;
  }
  return typed;
}
