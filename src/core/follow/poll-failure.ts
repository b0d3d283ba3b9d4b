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
  if (!(error instanceof ApiError) || error.code === 'redirect_refused') return false;
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

/**
 * The pause after the `failures`-th failed poll in a row: `interval` × 2ⁿ⁻¹ (±10 %) up to
 * `maxBackoff`, and never shorter than the server's `Retry-After`.
 */
export function backoffAfter(error: unknown, failures: number, settings: FollowSettings): number {
  const doubled = Math.min(settings.maxBackoff, settings.interval * 2 ** Math.min(failures - 1, 30));
  const asked = error instanceof ApiError ? (error.retryAfter ?? 0) : 0;
  return Math.max(Math.min(jittered(doubled), settings.maxBackoff), asked);
}
