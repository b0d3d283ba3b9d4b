import type { RetryOptions } from './options.js';

export interface RetryPolicy {
  limit: number;
  statusCodes: number[];
  maxRetryAfter: number;
  backoffLimit: number;
  delay: (attempt: number) => number;
}

const DEFAULT_RETRY: RetryPolicy = {
  limit: 2,
  statusCodes: [408, 429, 500, 502, 503, 504],
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
