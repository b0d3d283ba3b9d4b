import { ApiError } from '../errors/api-error.js';
import { ConnectionError } from '../errors/connection-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import type { FollowSettings } from './follow-options.js';
import { jittered } from './pause.js';

/**
 * Whether a failed poll is worth another try later: the network, a timeout, or an answer that says
 * "not now" (408, 429, 5xx; a 500 too: a follower runs for days, and a hub whose database restarts
 * answers 500 for a while). Anything else (a refused login, a wrong address, an unexpected answer,
 * a bad argument) would fail the same way forever: it ends the iteration.
 */
export function isPassing(error: unknown): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return true;
  // A refused redirect is an ApiError with its 3xx (or a browser's 0) status: not one of these.
  return error instanceof ApiError && (error.status === 408 || error.status === 429 || error.status >= 500);
}

/**
 * The longest `Retry-After` a follower honours when it is above `maxBackoff`: one hour. A server
 * asking for days or years (a typo, a hostile answer) would otherwise silence a follower that
 * runs for days; one request an hour costs it nothing.
 */
export const MAX_RETRY_AFTER = 3_600_000;

/**
 * The pause after the `failures`-th failed poll in a row: `interval` × 2ⁿ⁻¹ (±10 %) up to
 * `maxBackoff`, and never shorter than the server's `Retry-After` (up to the larger of
 * `maxBackoff` and {@link MAX_RETRY_AFTER}; a negative, past or unreadable one asks for nothing).
 */
export function backoffAfter(error: Error, failures: number, settings: FollowSettings): number {
  const doubled = Math.min(settings.maxBackoff, settings.interval * 2 ** Math.min(failures - 1, 30));
  // Only an ApiError has one. `|| 0`: an unreadable one (NaN) asks for nothing; a negative or past
  // one loses to the backoff below.
  const retryAfter = (error as Partial<ApiError>).retryAfter ?? 0;
  const asked = Math.min(retryAfter, Math.max(settings.maxBackoff, MAX_RETRY_AFTER)) || 0;
  return Math.max(Math.min(jittered(doubled), settings.maxBackoff), asked);
}
