import { UsageError } from './errors.js';

/**
 * `text` as a whole number from `min` to `max`. Digits only: `Number()` would also take `''`,
 * `' 8'`, `1e3` and `0x10`, which on a command line are typos, not numbers.
 */
export function integer(text: string, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (number >= min && number <= max) return number;
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  throw new UsageError(`${what} must be a whole number ${range}, not ${JSON.stringify(text)}`);
}

/** `text` if it is one of `choices`. */
export function oneOf<T extends string>(text: string, what: string, choices: readonly T[]): T {
  const found = choices.find((choice) => choice === text);
  if (found !== undefined) return found;
  throw new UsageError(`${what} must be ${listed(choices)}, not ${JSON.stringify(text)}`);
}

/** `text` unless it is empty. */
export function nonEmpty(text: string, what: string): string {
  if (text === '') throw new UsageError(`${what} must not be empty`);
  return text;
}

/** `a, b or c`. */
export function listed(choices: readonly string[]): string {
  return choices.length < 2 ? choices.join('') : `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
}

/** `(text) => parse(text)` applied to `text` unless it is `undefined`. */
export function optional<T>(text: string | undefined, parse: (text: string) => T): T | undefined {
  return text === undefined ? undefined : parse(text);
}
