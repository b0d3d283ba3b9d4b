import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationId, readNotificationCursor } from '../../src/app/follow/notification-cursor.js';
import { ArgumentError } from '../../src/core/errors/index.js';
import { lastOf, readCursor } from '../../src/core/follow/cursor.js';
import { followSettings } from '../../src/core/follow/follow-options.js';
import { jittered, pause } from '../../src/core/follow/pause.js';
import { positiveId } from '../../src/core/follow/positive-id.js';
import { readNetworkCursor } from '../../src/native/follow/network-cursor.js';

// What every follower shares before and between polls: the cursor check, the options and the pause.

const fields = {
  after: 'count',
  names: { list: 'string', max: 2 },
  counts: { list: 'count', max: 2 },
  odd: { list: (entry: unknown) => entry === 1 || entry === 3, max: 3 },
} as const;
const good = { v: 1, stream: 's', after: 0, names: ['a', ''], counts: [0, 7], odd: [1, 3, 1] };
const read = (value: unknown) => readCursor(value, 's', fields);

describe('readCursor', () => {
  it('undefined is no cursor; a cursor with exactly its fields, each fitting, is read as it is', () => {
    expect(read(undefined)).toBeUndefined();
    expect(read(good)).toBe(good);
    expect(read({ ...good, names: [], counts: [], odd: [] })).toEqual({
      ...good,
      names: [],
      counts: [],
      odd: [],
    });
  });

  it('anything else is an ArgumentError naming the stream', () => {
    const bad: unknown[] = [
      null,
      'cursor',
      7,
      [],
      { ...good, v: 2 },
      { ...good, v: '1' },
      { ...good, stream: 'other' },
      { ...good, extra: 1 },
      { v: 1, stream: 's', after: 0, names: [], counts: [] },
      { v: 1, stream: 's', after: 0, names: [], counts: [], other: [] },
      { ...good, after: -1 },
      { ...good, after: 1.5 },
      { ...good, after: 2 ** 53 },
      { ...good, after: '3' },
      { ...good, names: 'a' },
      { ...good, names: ['a', 'b', 'c'] },
      { ...good, names: [1] },
      { ...good, counts: ['1'] },
      { ...good, counts: [-1] },
      { ...good, counts: [0, 1, 2] },
      { ...good, odd: [2] },
      { ...good, odd: [1, 1, 1, 1] },
      { ...good, odd: {} },
    ];
    for (const value of bad) {
      expect(() => read(value), JSON.stringify(value)).toThrow(ArgumentError);
    }
    expect(() => read(null)).toThrow(
      'cursor is not a cursor of s.follow: pass the `cursor` of an earlier follow of it, as it was',
    );
  });

  it('the largest safe integer is a count', () => {
    expect(read({ ...good, after: Number.MAX_SAFE_INTEGER })).toBeDefined();
  });

  it('lastOf keeps the last max entries', () => {
    expect(lastOf([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(lastOf([1, 2], 5)).toEqual([1, 2]);
  });
});

describe('the two cursors', () => {
  it('network: after, skip and up to 128 string hashes', () => {
    const cursor = { v: 1, stream: 'network', after: 5, skip: 2, edge: Array(128).fill('h') };
    expect(readNetworkCursor(cursor)).toBe(cursor);
    expect(() => readNetworkCursor({ ...cursor, edge: Array(129).fill('h') })).toThrow(ArgumentError);
    expect(() => readNetworkCursor({ ...cursor, stream: 'notification' })).toThrow('network.follow');
  });

  it('notification: up to 5 pending with an id, up to 64 recent ids', () => {
    const pending = [1, 2, 3, 4, 5].map((id) => ({ notification_id: id }));
    const cursor = { v: 1, stream: 'notification', after: 5, pending, recent: Array(64).fill(3) };
    expect(readNotificationCursor(cursor)).toBe(cursor);
    for (const bad of [
      { ...cursor, pending: [...pending, { notification_id: 6 }] },
      { ...cursor, pending: [{ notification_id: 0 }] },
      { ...cursor, pending: [{}] },
      { ...cursor, recent: Array(65).fill(3) },
    ]) {
      expect(() => readNotificationCursor(bad)).toThrow('notification.follow');
    }
  });

  it('a notification id: a positive safe integer, from a number or the string phpFox sends; else 0', () => {
    expect(notificationId({ notification_id: 7 })).toBe(7);
    expect(notificationId({ notification_id: '12' })).toBe(12);
    for (const entry of [
      null,
      'x',
      7,
      {},
      { notification_id: 0 },
      { notification_id: -3 },
      { notification_id: 1.5 },
      { notification_id: 'x' },
      { notification_id: 2 ** 60 },
    ]) {
      expect(notificationId(entry), JSON.stringify(entry)).toBe(0);
    }
  });
});

describe('positiveId', () => {
  it('a positive safe integer, from a number or a numeric string; anything else 0', () => {
    expect(positiveId(1)).toBe(1);
    expect(positiveId(42)).toBe(42);
    expect(positiveId('12')).toBe(12);
    expect(positiveId(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    for (const value of [0, -1, 1.5, '', 'x', '-3', 2 ** 53, true, [5], null, undefined, {}]) {
      expect(positiveId(value), JSON.stringify(value)).toBe(0);
    }
  });
});

describe('followSettings', () => {
  const keys = ['cursor', 'interval', 'maxBackoff', 'signal', 'pageSize'];

  it('defaults: 30 s between polls, 5 minutes the longest backoff (or the interval when longer)', () => {
    expect(followSettings('x.follow', {}, keys)).toEqual({
      interval: 30_000,
      maxBackoff: 300_000,
      signal: undefined,
    });
    expect(followSettings('x.follow', { interval: 400_000 }, keys).maxBackoff).toBe(400_000);
    expect(followSettings('x.follow', { interval: 10, maxBackoff: 20 }, keys)).toEqual({
      interval: 10,
      maxBackoff: 20,
      signal: undefined,
    });
    const { signal } = new AbortController();
    expect(followSettings('x.follow', { signal }, keys).signal).toBe(signal);
  });

  it('refuses options that are not an object, unknown keys, bad numbers and a signal that is not one', () => {
    expect(() => followSettings('x.follow', null, keys)).toThrow(
      'x.follow: options must be an object when given',
    );
    expect(() => followSettings('x.follow', 'fast', keys)).toThrow(
      'x.follow: options must be an object when given',
    );
    expect(() => followSettings('x.follow', { intervall: 5 }, keys)).toThrow(
      /an option of x\.follow.*interval/,
    );
    for (const options of [{ interval: 0 }, { interval: -1 }, { interval: Number.NaN }, { maxBackoff: 0 }]) {
      expect(() => followSettings('x.follow', options, keys), JSON.stringify(options)).toThrow(ArgumentError);
    }
    expect(() => followSettings('x.follow', { signal: {} }, keys)).toThrow('signal must be an AbortSignal');
    expect(() => followSettings('x.follow', { interval: -1 }, keys)).toThrow(/^interval must be/);
    expect(() => followSettings('x.follow', { maxBackoff: -1 }, keys)).toThrow(/^maxBackoff must be/);
  });
});

describe('pause', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('true after the wait, and the abort listener gone', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    let result: boolean | undefined;
    void pause(1000, controller.signal).then((value) => {
      result = value;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe(true);
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('false at once when aborted before or during the wait; the timer cleared', async () => {
    vi.useFakeTimers();
    const before = new AbortController();
    before.abort();
    expect(await pause(1000, before.signal)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    const during = new AbortController();
    const waiting = pause(60_000, during.signal);
    expect(vi.getTimerCount()).toBe(1);
    expect(getEventListeners(during.signal, 'abort')).toHaveLength(1);
    during.abort();
    expect(await waiting).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    // Heard once: a follower's signal does not keep a listener per pause.
    expect(getEventListeners(during.signal, 'abort')).toHaveLength(0);
  });

  it('without a signal: just the wait', async () => {
    vi.useFakeTimers();
    const waiting = pause(10, undefined);
    await vi.advanceTimersByTimeAsync(10);
    expect(await waiting).toBe(true);
  });

  it('jittered: within ±10 %', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(jittered(1000)).toBe(900);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(jittered(1000)).toBe(1000);
    vi.spyOn(Math, 'random').mockReturnValue(1);
    expect(jittered(1000)).toBeCloseTo(1100);
  });
});
