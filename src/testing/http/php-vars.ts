import { phpName } from '../../core/request/php-name.js';

/** A request value as PHP holds it: a string, or an array (an ordered map; `[]` appends). */
export type PhpValue = string | PhpArray;
export type PhpArray = Map<string, PhpValue>;

/** PHP's integer keys: `0`, `12`, `-3`, not `012`. */
const INTEGER_KEY = /^(?:0|-?[1-9][0-9]*)$/;

/**
 * Each array's next `[]` index (PHP's `nNextFreeElement`): one past the largest integer key, kept
 * as keys are set so that appending costs the same for the 16,000th entry as for the first. An
 * array made elsewhere (a copy) is scanned once, when something is first appended to it.
 */
const nextFree = new WeakMap<Map<string, unknown>, number>();

function nextIndex(array: Map<string, unknown>): number {
  let next = nextFree.get(array);
  if (next === undefined) {
    next = 0;
    for (const key of array.keys()) if (INTEGER_KEY.test(key)) next = Math.max(next, Number(key) + 1);
    nextFree.set(array, next);
  }
  return next;
}

/** Sets `key` as PHP does, keeping the array's next `[]` index. */
function setKey(array: Map<string, unknown>, key: string, value: unknown): void {
  array.set(key, value);
  if (INTEGER_KEY.test(key)) nextFree.set(array, Math.max(nextIndex(array), Number(key) + 1));
}

/**
 * How many `[` groups PHP walks in a field name (`php_register_variable_ex` checks
 * `max_input_nesting_level` at each): the complete `[key]` groups, and a last unclosed `[` after
 * them (PHP counts it before finding that it is not an index).
 */
export function phpNesting(raw: string): number {
  const nul = raw.indexOf('\0');
  const field = (nul < 0 ? raw : raw.slice(0, nul)).replace(/^ +/, '');
  let at = field.indexOf('[');
  if (at < 0) return 0;
  let depth = 0;
  while (field[at] === '[') {
    depth++;
    const close = field.indexOf(']', field[at + 1] === ' ' ? at + 2 : at + 1);
    if (close < 0) break;
    at = close + 1;
  }
  return depth;
}

/**
 * Registers one field as PHP does (`php_register_variable_ex`): the name read by {@link phpName},
 * `a[x][]` into nested arrays (an existing string there is replaced by an array), a later plain
 * value replacing an earlier one (an array too). A name nested deeper than `maxNesting`
 * (`max_input_nesting_level`) deletes the whole variable it would go into, earlier entries too, as
 * PHP does. `table` is `$_GET`, `$_POST` or `$_FILES`.
 */
export function registerPhpVariable<V>(
  table: Map<string, V | Map<string, unknown>>,
  raw: string,
  value: V,
  maxNesting = Number.POSITIVE_INFINITY,
): void {
  const read = phpName(raw);
  if (read === undefined) return;
  if (phpNesting(raw) > maxNesting) {
    table.delete(read.name);
    return;
  }
  let into = table as Map<string, unknown>;
  let key = read.name;
  for (const next of read.keys) {
    let inner = into.get(key);
    if (!(inner instanceof Map)) {
      inner = new Map<string, unknown>();
      setKey(into, key, inner);
    }
    into = inner as Map<string, unknown>;
    key = next ?? String(nextIndex(into));
  }
  setKey(into, key, value);
}

/** PHP's limits on the fields of one superglobal (see `ServerLimits`). */
export interface FieldLimits {
  /** `max_input_vars`. */
  maxInputVars: number;
  /** `max_input_nesting_level`. */
  maxNesting: number;
}

const UNLIMITED: FieldLimits = {
  maxInputVars: Number.POSITIVE_INFINITY,
  maxNesting: Number.POSITIVE_INFINITY,
};

/** A name or value of a query or urlencoded body: `+` a space, `%XX` a byte (as `URLSearchParams`). */
function formDecode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return new URLSearchParams(`x=${text}`).get('x') ?? '';
  }
}

/**
 * The fields of a query string (`$_GET`) or urlencoded body (`$_POST`), registered as PHP does,
 * cut where PHP cuts (recorded from PHP 8.2, `test/fixtures/php-limits`): every `&`-separated pair
 * counts toward `max_input_vars`, one whose name PHP drops (`=x`, `[k]=x`) too. The query skips
 * empty pairs (`&&`) and keeps `max_input_vars` pairs; a body counts empty pairs and keeps one
 * more (PHP registers a body's pair before it counts it).
 */
export function phpFields(
  text: string,
  limits: FieldLimits = UNLIMITED,
  from: 'query' | 'body' = 'query',
): PhpArray {
  const table: PhpArray = new Map();
  const kept = from === 'body' ? limits.maxInputVars + 1 : limits.maxInputVars;
  let count = 0;
  for (const pair of text === '' ? [] : text.split('&')) {
    if (pair === '' && from === 'query') continue;
    if (++count > kept) break;
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = formDecode(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : formDecode(pair.slice(equals + 1));
    registerPhpVariable(table, name, value, limits.maxNesting);
  }
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
