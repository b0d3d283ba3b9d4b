import type { RetryOptions } from './options.js';

export interface RetryPolicy {
  limit: number;
  statusCodes: number[];
  maxRetryAfter: number;
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
  maxRetryAfter: 60_000,
  backoffLimit: 10_000,
  delay: (attempt) => 300 * 2 ** (attempt - 1),
};

/** The client's `retry` option (a number or a policy) with the defaults filled in. */
export function retryPolicy(option: number | RetryOptions | undefined): RetryPolicy {
  if (typeof option === 'number') return { ...DEFAULT_RETRY, limit: option };
  const given = Object.fromEntries(Object.entries(option ?? {}).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_RETRY, ...given };
}
