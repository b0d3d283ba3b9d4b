import type { RetryOptions } from '../options/options.js';

/*
 * The SDK's, not ky's retry: ky retries only the wait for the headers (a body cut off half-way is an
 * attempt too), tells `beforeRetry` after the wait and without its delay (`onRetry` hears both
 * first), and waits `maxRetryAfter` when a server asks for longer (the SDK fails at once instead).
 */
export interface RetryPolicy {
  limit: number;
  statusCodes: number[];
  /** `undefined`: the call's own timeout is the longest `Retry-After` the SDK waits for. */
  maxRetryAfter: number | undefined;
  backoffLimit: number;
  delay: (attempt: number) => number;
}

/*
 * 500 is left out on purpose: on both servers it is an uncaught PHP error (Hubzilla 8.8.7: an
 * unknown `cid` in network/stream, a zero-byte file read without `length`), which recurs on every
 * attempt. 502/503/504 come from proxies and overloaded servers, and pass.
 */
const DEFAULT_RETRY: RetryPolicy = {
  limit: 2,
  statusCodes: [408, 429, 502, 503, 504],
  maxRetryAfter: undefined,
  backoffLimit: 10_000,
  delay: (attempt) => 300 * 2 ** (attempt - 1),
};

/** The client's `retry` option (a number or a policy) with the defaults filled in. */
export function retryPolicy(option: number | RetryOptions | undefined): RetryPolicy {
  return retryPolicyFor(DEFAULT_RETRY, option ?? {});
}

/**
 * The policy of one call: the client's, with a per-call `retry` laid over it (a number replaces the
 * limit, a policy object its given fields).
 */
export function retryPolicyFor(client: RetryPolicy, perCall: number | RetryOptions | undefined): RetryPolicy {
  if (perCall === undefined) return client;
  if (typeof perCall === 'number') return { ...client, limit: perCall };
  const given = Object.fromEntries(Object.entries(perCall).filter(([, value]) => value !== undefined));
  return { ...client, ...given };
}

/** The backoff before retry number `retry` (1-based), capped by `backoffLimit`. */
export function backoff(policy: RetryPolicy, retry: number): number {
  const wanted = policy.delay(retry);
  return Math.max(0, Math.min(Number.isFinite(wanted) ? wanted : policy.backoffLimit, policy.backoffLimit));
}

/** `Retry-After` (seconds or an HTTP date) in ms from now, or `undefined` when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * How long to wait before retrying an answer with a retryable status: its `Retry-After` when it
 * sends one (429, 503), else the backoff. `undefined` when the server asks for a longer wait than
 * the SDK accepts (`maxRetryAfter`, by default the call's timeout): then the call fails at once
 * with the server's answer instead of stalling far beyond the timeout the user chose.
 */
export function statusRetryDelay(
  policy: RetryPolicy,
  retry: number,
  headers: Headers,
  timeoutMs: number,
): number | undefined {
  const asked = retryAfterMs(headers);
  if (asked === undefined) return backoff(policy, retry);
  return asked <= (policy.maxRetryAfter ?? timeoutMs) ? asked : undefined;
}
