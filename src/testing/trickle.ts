import type { Trickle, TrickleOptions } from './arrivals-types.js';
import { refuseUnknownKeys } from './input-keys.js';
import type { Runtime } from './runtime.js';
import { connectionsOf, nextArrival } from './trickle-content.js';

const OPTION_KEYS = [
  'every',
  'items',
  'comments',
  'notifications',
  'channel',
  'userId',
  'limit',
  'signal',
  'onAdd',
] as const satisfies readonly (keyof TrickleOptions)[];

/** setTimeout's ceiling. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The running trickles of each site, so that `reset()` and the server's `close()` stop them. */
const running = new WeakMap<object, Set<Trickle>>();

/**
 * Starts adding arrivals to `runtime` every `options.every` ms of real time. Its timers are
 * unref'd where the runtime can (Node, Bun): a trickle never keeps a process alive by itself.
 * An exception in an arrival (or in `onAdd`) stops the trickle and is thrown from the timer.
 */
export function startTrickle(owner: object, runtime: Runtime, options: TrickleOptions = {}): Trickle {
  const source = checkedSource(runtime, options);
  const every = options.every ?? 2000;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let count = 0;
  let active = true;
  const trickles = running.get(owner) ?? new Set<Trickle>();
  running.set(owner, trickles);
  const onAbort = () => trickle.stop();
  const trickle: Trickle = {
    stop() {
      if (!active) return;
      active = false;
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      trickles.delete(trickle);
    },
    get running() {
      return active;
    },
  };
  const arrive = () => {
    if (!active) return;
    count++;
    try {
      // Not inside `onAdd?.(...)`: without `onAdd` its argument would never be evaluated.
      const arrival = nextArrival(runtime, source, count);
      options.onAdd?.(arrival);
    } catch (error) {
      trickle.stop();
      throw error;
    }
    // `onAdd` may have stopped it.
    if (count >= limit) trickle.stop();
    else if (active) schedule();
  };
  const schedule = () => {
    timer = setTimeout(arrive, every);
    unref(timer);
  };
  trickles.add(trickle);
  if (options.signal?.aborted) trickle.stop();
  else {
    options.signal?.addEventListener('abort', onAbort, { once: true });
    schedule();
  }
  return trickle;
}

/** Stops every trickle started on `owner`. */
export function stopTrickles(owner: object): void {
  for (const trickle of [...(running.get(owner) ?? [])]) trickle.stop();
}

function checkedSource(runtime: Runtime, options: TrickleOptions) {
  refuseUnknownKeys('trickle', options, OPTION_KEYS);
  const every = options.every ?? 2000;
  if (!(Number.isFinite(every) && every >= 1 && every <= MAX_DELAY_MS))
    throw new Error(`fake site: trickle's every must be 1 to ${MAX_DELAY_MS} ms, not ${every}`);
  const limit = options.limit;
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1))
    throw new Error(`fake site: trickle's limit must be a whole number of at least 1, not ${limit}`);
  const kinds = [
    ...(options.items === false ? [] : (['post'] as const)),
    ...(options.comments === false ? [] : (['comment'] as const)),
    ...(options.notifications === false ? [] : (['notification'] as const)),
  ];
  if (kinds.length === 0)
    throw new Error('fake site: trickle has nothing to add (items, comments and notifications are off)');
  const channel = options.channel ?? 'alice';
  if (!runtime.hub.channels.some((c) => c.nick === channel))
    throw new Error(`fake site: no channel ${channel}`);
  if (kinds.some((kind) => kind !== 'notification') && connectionsOf(runtime, channel).length === 0)
    throw new Error(`fake site: ${channel} has no connection to receive items from`);
  if (
    kinds.includes('notification') &&
    options.userId !== undefined &&
    !runtime.app.users.has(options.userId)
  )
    throw new Error(`fake site: no phpFox user ${options.userId}`);
  return { kinds, channel, userId: options.userId, prng: runtime.arrivals.fork('trickle') };
}

/** Lets the process exit while the timer waits (Node and Bun timers have `unref`; browsers' are numbers). */
function unref(timer: unknown): void {
  if (typeof timer === 'object' && timer !== null && 'unref' in timer && typeof timer.unref === 'function')
    timer.unref();
}
