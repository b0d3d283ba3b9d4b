import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, timerDelay } from '../../src/core/base/timer-limits.js';
import { AppClient, ArgumentError, NativeClient } from '../../src/index.js';
import { downloadToFile } from '../../src/node/index.js';

/*
 * Every option that becomes a timer must fit one (setTimeout holds 2^31 - 1 ms, about 24.8 days):
 * past it, `timeout` made ky throw a RangeError that surfaced as a ConnectionError, and a huge
 * `maxRetryAfter` let a huge Retry-After overflow into an immediate retry (three requests at once).
 * Now an ArgumentError before any request.
 */

const TOO_LONG = 2 ** 31;
const noRequest = () => Promise.reject(new Error('no request expected'));
const app = (options: object = {}) =>
  new AppClient({ baseUrl: 'https://site.example/', token: 'a-token-value', fetch: noRequest, ...options });
const hub = (options: object = {}) =>
  new NativeClient({
    baseUrl: 'https://hub.example/',
    username: 'alice',
    password: 'pw',
    fetch: noRequest,
    ...options,
  });

function thrownBy(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('options that become timers are refused past 2^31 - 1 ms', () => {
  it.each([
    ['timeout', { timeout: TOO_LONG }],
    ['retry.maxRetryAfter', { retry: { maxRetryAfter: 2 ** 40 } }],
    ['retry.backoffLimit', { retry: { backoffLimit: 2 ** 40 } }],
  ])('client %s → ArgumentError naming the limit (both clients)', (name, bad) => {
    for (const make of [() => app(bad), () => hub(bad)]) {
      const error = thrownBy(make);
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as Error).message).toContain(name);
      expect((error as Error).message).toContain(String(MAX_TIMER_MS));
    }
  });

  it('the largest timer value is accepted', () => {
    const max = { timeout: MAX_TIMER_MS, retry: { maxRetryAfter: MAX_TIMER_MS, backoffLimit: MAX_TIMER_MS } };
    expect(thrownBy(() => app(max))).toBeUndefined();
    expect(thrownBy(() => hub(max))).toBeUndefined();
  });

  it('per call: an ArgumentError before any request, not a ConnectionError', async () => {
    await expect(app().user.getUser({}, { timeout: TOO_LONG })).rejects.toBeInstanceOf(ArgumentError);
    await expect(hub().groups.list({}, { timeout: TOO_LONG })).rejects.toBeInstanceOf(ArgumentError);
    await expect(app().user.getUser({}, { retry: { maxRetryAfter: 2 ** 40 } })).rejects.toBeInstanceOf(
      ArgumentError,
    );
  });

  it('downloads: files.downloadBlob, files.download and downloadToFile', async () => {
    // Thrown at the call or rejected: either way an ArgumentError before any request.
    await expect(
      Promise.resolve().then(() => hub().files.downloadBlob('abc', { timeout: TOO_LONG })),
    ).rejects.toBeInstanceOf(ArgumentError);
    expect(thrownBy(() => hub().files.download('abc', { timeout: TOO_LONG }))).toBeInstanceOf(ArgumentError);
    const folder = await mkdtemp(join(tmpdir(), 'timer-limits-'));
    try {
      await expect(
        downloadToFile(hub(), 'abc', join(folder, 'file.bin'), { timeout: TOO_LONG }),
      ).rejects.toBeInstanceOf(ArgumentError);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('a computed wait (a Retry-After, a custom delay) is cut to what a timer holds', () => {
    expect(timerDelay(2 ** 40)).toBe(MAX_TIMER_MS);
    expect(timerDelay(-5)).toBe(0);
    expect(timerDelay(1500)).toBe(1500);
  });
});
