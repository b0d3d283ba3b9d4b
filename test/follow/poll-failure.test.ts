import { describe, expect, it } from 'vitest';
import {
  ApiError,
  ArgumentError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  TimeoutError,
  ValidationError,
} from '../../src/core/errors/index.js';
import { backoffAfter, isPassing, MAX_RETRY_AFTER } from '../../src/core/follow/poll-failure.js';

const answer = (status: number, retryAfter?: number) =>
  new ApiError('x', { status, url: 'u', method: 'GET', retryAfter });

describe('what a follower does after a failed poll', () => {
  it('tries again after the network, timeouts, 408, 429 and 5xx; ends on anything else', () => {
    for (const error of [
      new ConnectionError('x'),
      new TimeoutError('x'),
      answer(408),
      answer(429),
      answer(500),
      answer(503),
    ]) {
      expect(isPassing(error)).toBe(true);
    }
    const recurring = [
      new AuthenticationError('x', { status: 401, url: 'u', method: 'GET' }),
      new NotFoundError('x', { status: 404, url: 'u', method: 'GET' }),
      new ValidationError('x', {}),
      new ArgumentError('x'),
      answer(200),
      new ApiError('x', { status: 302, url: 'u', method: 'GET', code: 'redirect_refused' }),
      Object.assign(new Error('not an answer'), { status: 503 }),
      new Error('a bug'),
    ];
    for (const error of recurring) expect(isPassing(error)).toBe(false);
  });

  it('pauses interval × 2ⁿ⁻¹ (±10 %) up to maxBackoff, and never less than Retry-After', () => {
    const settings = { interval: 1000, maxBackoff: 5000, signal: undefined };
    const first = backoffAfter(new ConnectionError('x'), 1, settings);
    expect(first).toBeGreaterThanOrEqual(900);
    expect(first).toBeLessThanOrEqual(1100);
    const third = backoffAfter(new ConnectionError('x'), 3, settings);
    expect(third).toBeGreaterThanOrEqual(3600);
    expect(third).toBeLessThanOrEqual(4400);
    expect(backoffAfter(new ConnectionError('x'), 40, settings)).toBeLessThanOrEqual(5000);
    expect(backoffAfter(answer(503, 60_000), 1, settings)).toBe(60_000);
  });

  it('a Retry-After of years is honoured up to an hour (or maxBackoff when longer); negative or unreadable asks for nothing', () => {
    const settings = { interval: 1000, maxBackoff: 5000, signal: undefined };
    const year = 365 * 24 * 3_600_000;
    expect(MAX_RETRY_AFTER).toBe(3_600_000);
    expect(backoffAfter(answer(503, year), 1, settings)).toBe(3_600_000);
    expect(backoffAfter(answer(503, Number.POSITIVE_INFINITY), 1, settings)).toBe(3_600_000);
    expect(backoffAfter(answer(503, year), 1, { ...settings, maxBackoff: 2 * 3_600_000 })).toBe(
      2 * 3_600_000,
    );
    for (const asked of [-60_000, Number.NaN, 0]) {
      const pause = backoffAfter(answer(503, asked), 1, settings);
      expect(pause).toBeGreaterThanOrEqual(900);
      expect(pause).toBeLessThanOrEqual(1100);
    }
  });
});
