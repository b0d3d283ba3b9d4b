/**
 * The longest wait a timer can hold: `setTimeout` keeps its delay in a signed 32-bit integer and
 * fires at once (Node: after 1 ms, with a warning) for anything longer: an attempt's deadline would
 * pass at once. 2,147,483,647 ms is about 24.8 days.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A wait computed from what a server sent (`Retry-After`) or a backoff function, cut to what a timer holds. */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}
