import { ArgumentError } from '../core/errors/argument-error.js';

/** Throws before any request when an id argument is not a positive integer. */
export function requireId(name: string, value: unknown, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new ArgumentError(
      `${name} must be a positive integer${value === undefined ? ' and is required' : `, got ${String(value)}`}`,
    );
  }
}

/** Throws before any request when `page` is given but is not a non-negative integer. */
export function requirePage(value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ArgumentError(`page must be a non-negative integer, got ${String(value)}`);
  }
}
