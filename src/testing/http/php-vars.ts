import { phpName } from '../../core/request/php-name.js';

/** A request value as PHP holds it: a string, or an array (an ordered map; `[]` appends). */
export type PhpValue = string | PhpArray;
export type PhpArray = Map<string, PhpValue>;

/** PHP's integer keys: `0`, `12`, `-3`, not `012`. */
const INTEGER_KEY = /^(?:0|-?[1-9][0-9]*)$/;

/** The key `[]` appends at: one past the largest integer key, as PHP counts. */
function nextIndex(array: PhpArray): string {
  let next = 0;
  for (const key of array.keys()) if (INTEGER_KEY.test(key)) next = Math.max(next, Number(key) + 1);
  return String(next);
}

/**
 * Registers one field as PHP does (`php_register_variable_ex`): the name read by {@link phpName},
 * `a[x][]` into nested arrays (an existing string there is replaced by an array), a later plain
 * value replacing an earlier one (an array too). `table` is `$_GET`, `$_POST` or `$_FILES`.
 */
export function registerPhpVariable<V>(
  table: Map<string, V | Map<string, unknown>>,
  raw: string,
  value: V,
): void {
  const read = phpName(raw);
  if (read === undefined) return;
  let into = table as Map<string, unknown>;
  let key = read.name;
  for (const next of read.keys) {
    let inner = into.get(key);
    if (!(inner instanceof Map)) {
      inner = new Map<string, unknown>();
      into.set(key, inner);
    }
    into = inner as Map<string, unknown>;
    key = next ?? nextIndex(into as PhpArray);
  }
  into.set(key, value);
}

/** The fields of a query string or urlencoded body (`+` a space, `%XX` a byte), registered as PHP does. */
export function phpFields(text: string): PhpArray {
  const table: PhpArray = new Map();
  for (const [name, value] of new URLSearchParams(text)) registerPhpVariable(table, name, value);
  return table;
}

/**
 * `$_REQUEST` from `$_GET` and then `$_POST` (`request_order = "GP"`): a later value replaces an
 * earlier one, except that two arrays under one name are merged key by key (`php_autoglobal_merge`).
 */
export function phpMerge(into: PhpArray, from: PhpArray): PhpArray {
  for (const [key, value] of from) {
    const before = into.get(key);
    if (before instanceof Map && value instanceof Map) {
      phpMerge(before, value);
    } else {
      into.set(key, value instanceof Map ? new Map(value) : value);
    }
  }
  return into;
}

/** What PHP's `trim()` removes at both ends: space, tab, newline, return, NUL and vertical tab. */
const PHP_TRIMMED = ' \t\n\r\0\x0B';

function phpTrim(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && PHP_TRIMMED.includes(text[from] as string)) from++;
  while (to > from && PHP_TRIMMED.includes(text[to - 1] as string)) to--;
  return text.slice(from, to);
}

/** PHP's `trim()` of every string in `value`, as phpFox's request object applies to all its input. */
export function phpTrimAll(value: PhpValue): PhpValue {
  if (typeof value === 'string') return phpTrim(value);
  return new Map([...value].map(([key, inner]) => [key, phpTrimAll(inner)]));
}
