import { ArgumentError } from './errors/argument-error.js';

/**
 * The longest wait a timer can hold: `setTimeout` keeps its delay in a signed 32-bit integer and
 * fires at once (Node: after 1 ms, with a warning) for anything longer: an attempt's deadline would
 * pass at once. 2,147,483,647 ms is about 24.8 days.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * An option that becomes a timer (`timeout`, `retry.maxRetryAfter`, `retry.backoffLimit`) must fit
 * one: past `MAX_TIMER_MS` it is an `ArgumentError` when the option is checked, not a timer that
 * fires at once (three retries in the same millisecond, or an attempt timed out before it started).
 */
export function checkTimerMs(name: string, value: number): void {
  if (value > MAX_TIMER_MS)
    throw new ArgumentError(
      `${name} must be at most ${MAX_TIMER_MS} ms (about 24.8 days, what a timer can hold), got ${value}`,
    );
}

/** A wait computed from what a server sent (`Retry-After`) or a backoff function, cut to what a timer holds. */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}
