import { ArgumentError } from '../core/errors/argument-error.js';
import { refuseUnknownKeys } from '../core/options/known-keys.js';

/*
 * Argument checks, run before any request: Hubzilla answers most bad arguments with an empty 200
 * or, worse, with an unrelated record, so they are caught here with a clear message instead.
 */

/**
 * Refuses a parameter `what` (`files.list`) does not take, with the closest one it does: the hub
 * ignores parameters it does not know, so `filname` would silently list every file. `keys` come from
 * the method's parameter type (`keysOf<FilesListParams>(...)`, checked by the compiler).
 */
export function knownParams(what: string, params: unknown, keys: readonly string[]): void {
  if (params === undefined) return;
  if (params === null || typeof params !== 'object')
    throw new ArgumentError(`${what}: params must be an object when given, got ${describe(params)}`);
  refuseUnknownKeys(params, keys, `a parameter of ${what}`);
}

/** A file hash for `file_id`. `%` and `_` are SQL `LIKE` wildcards in `filedata`: they could match another file. */
export function requireFileId(value: unknown): string {
  const id = requireText('file_id', value);
  if (/[%_]/.test(id)) {
    throw new ArgumentError(
      `file_id "${id}" contains "%" or "_": Hubzilla matches file ids with SQL LIKE, where these are wildcards that can select another file`,
    );
  }
  return id;
}

/** A required, non-empty string. */
export function requireText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ArgumentError(`${name} is required and must be a non-empty string, got ${describe(value)}`);
  }
  return value;
}

/** An optional, non-empty string. */
export function optionalText(name: string, value: unknown): string | undefined {
  return value === undefined ? undefined : requireText(name, value);
}

/** A positive integer id (`item_id`, `group_id`, `abook_id`...); `undefined` allowed when not `required`. */
export function requireId(name: string, value: unknown, required = true): number | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new ArgumentError(
      `${name} must be a positive integer${value === undefined ? ' and is required' : `, got ${describe(value)}`}`,
    );
  }
  return value;
}

/** An optional count or offset (`start`, `length`, `records`, `scale`): an integer ≥ `min`. */
export function optionalCount(name: string, value: unknown, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new ArgumentError(`${name} must be an integer ≥ ${min}, got ${describe(value)}`);
  }
  return value;
}

/** Exactly one of `keys` present in `params` (checked at run time: JavaScript callers skip the types). */
export function exactlyOne<K extends string>(what: string, params: unknown, keys: readonly K[]): K {
  const given = keys.filter(
    (key) =>
      typeof params === 'object' && params !== null && (params as Record<string, unknown>)[key] !== undefined,
  );
  const [key] = given;
  if (given.length !== 1 || key === undefined) {
    throw new ArgumentError(
      `${what} needs exactly one of ${keys.join(', ')}; got ${given.length === 0 ? 'none' : given.join(' and ')}`,
    );
  }
  return key;
}

/**
 * The parameters of a method that takes none (`groups.list`, `albums.list`): `{}` or nothing. They
 * exist so that request options come last, as in every other method.
 */
export type NoParams = Record<string, never>;

/**
 * Refuses parameters where a method takes none. A JavaScript caller who passes request options
 * first (the order of earlier releases) would otherwise lose them silently.
 */
export function requireNoParams(what: string, params: unknown): void {
  const given =
    typeof params === 'object' && params !== null
      ? Object.keys(params).filter((key) => (params as Record<string, unknown>)[key] !== undefined)
      : [];
  if ((params !== undefined && (typeof params !== 'object' || params === null)) || given.length > 0) {
    throw new ArgumentError(
      `${what} takes no parameters; request options go second: ${what}({}, { signal })`,
    );
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'number' ? String(value) : typeof value;
}
