import { ArgumentError } from '../errors/argument-error.js';
import { checkNumber, TIMER } from '../options/check-options.js';
import { refuseUnknownKeys } from '../options/known-keys.js';

/** What every `follow()` takes (a resource adds its own, such as `pageSize`). */
export interface FollowOptions<C> {
  /**
   * Where to resume: the `cursor` of an earlier follow of the same stream, as it was (it survives
   * `JSON.stringify` and `JSON.parse`). A cursor that is not one is an `ArgumentError`.
   * @default none: the follow starts at the end of the stream as it is now (see each `follow`)
   */
  cursor?: C | undefined;
  /**
   * The pause between two polls that found nothing more to fetch, in ms; each pause is drawn
   * within ±10 % of it, so that many followers started together do not poll in step.
   * @default 30000
   */
  interval?: number | undefined;
  /**
   * The longest pause after failed polls, in ms. Failures that can pass (the network, a timeout,
   * HTTP 408, 429 and 5xx, after the client's own retries) pause `interval` × 2ⁿ⁻¹ up to this; a
   * server's `Retry-After` is honoured even when longer (up to an hour, or this when longer).
   * @default 300000 (5 minutes)
   */
  maxBackoff?: number | undefined;
  /** Ends the iteration (normally, without an error), at once, even in the middle of a pause or a request. */
  signal?: AbortSignal | undefined;
}

/** The keys of {@link FollowOptions}, for the key lists of resources that add their own. */
export const FOLLOW_OPTION_KEYS = { cursor: true, interval: true, maxBackoff: true, signal: true } as const;

/** The options with their defaults, checked. */
export interface FollowSettings {
  interval: number;
  maxBackoff: number;
  signal: AbortSignal | undefined;
}

const DEFAULT_INTERVAL = 30_000;
const DEFAULT_MAX_BACKOFF = 300_000;

/**
 * Checks the options of `what` (`network.follow`) before any request: an object when given, no key
 * outside `keys` (with a did-you-mean), the shared ones in range; and fills in the defaults.
 */
export function followSettings(what: string, options: unknown, keys: readonly string[]): FollowSettings {
  if (options === null || typeof options !== 'object')
    throw new ArgumentError(`${what}: options must be an object when given`);
  refuseUnknownKeys(options, keys, `an option of ${what}`);
  const { interval = DEFAULT_INTERVAL, maxBackoff, signal } = options as FollowOptions<unknown>;
  checkNumber('interval', interval, TIMER);
  checkNumber('maxBackoff', maxBackoff, TIMER);
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new ArgumentError('signal must be an AbortSignal');
  return { interval, maxBackoff: maxBackoff ?? Math.max(DEFAULT_MAX_BACKOFF, interval), signal };
}
