import { timerDelay } from '../base/timer-limits.js';

/** Waits `ms`; resolves `false` at once when `signal` aborts (before or during the wait), else `true`. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, timerDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `ms` moved at random within ±10 %: followers started together drift apart instead of polling in step. */
export function jittered(ms: number): number {
  return ms * (0.9 + Math.random() * 0.2);
}
