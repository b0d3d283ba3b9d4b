import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ConnectionError, NotFoundError } from '../../src/core/errors/index.js';
import { Follow } from '../../src/core/follow/follow.js';
import type { FollowSource, PollResult } from '../../src/core/follow/follow-source.js';

// The polling loop every follower shares (`Follow`), driven by a scripted source and fake timers:
// when it asks, from where, what `cursor` says at each step, when it pauses, retries and stops.

type Answer = PollResult<string, string> | Error;

/** A source whose polls answer from `script` in turn (then nothing new, forever), recording each `from`. */
function scripted(script: Answer[], start: () => Promise<string> = async () => 'c0') {
  const polls: string[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const source: FollowSource<string, string> = {
    start: vi.fn(async (signal) => {
      signals.push(signal);
      return start();
    }),
    poll: vi.fn(async (from, signal) => {
      polls.push(from);
      signals.push(signal);
      const answer = script.shift() ?? found(from, []);
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  };
  return { source, polls, signals };
}

/** A poll from `from` that found `items`: the cursor after each is `from>item`, the next `from>end`. */
function found(from: string, items: string[], more = false): PollResult<string, string> {
  return {
    items,
    cursorAfter: (index) => `${from}>${items[index]}`,
    next: `${from}>end`,
    more,
  };
}

const settings = (signal?: AbortSignal, interval = 1000, maxBackoff = 8000) => ({
  interval,
  maxBackoff,
  signal,
});

/** Moves the clock `wait` ms: the `count`-th poll is made then, not a millisecond before. */
async function pollsAfter(polls: readonly string[], wait: number, count: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(wait - 1);
  expect(polls).toHaveLength(count - 1);
  await vi.advanceTimersByTimeAsync(1);
  expect(polls).toHaveLength(count);
}

/** Lets every promise that can settle settle, without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  // No jitter: each pause is exactly what it is drawn around.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Follow: the polling loop', () => {
  it('without a cursor: start once (with the signal), then polls from it; cursor undefined until started', async () => {
    const controller = new AbortController();
    const { source, polls, signals } = scripted([found('c0', ['a'])]);
    const follow = new Follow(source, settings(controller.signal), undefined);
    expect(follow.cursor).toBeUndefined();
    expect(source.start).not.toHaveBeenCalled();
    const iterator = follow[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ value: 'a', done: false });
    expect(source.start).toHaveBeenCalledTimes(1);
    expect(polls).toEqual(['c0']);
    expect(signals).toEqual([controller.signal, controller.signal]);
    controller.abort();
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('with a cursor: no start, the first poll from it', async () => {
    const { source, polls } = scripted([found('saved', ['a'])]);
    const follow = new Follow(source, settings(), 'saved');
    expect(follow.cursor).toBe('saved');
    const iterator = follow[Symbol.asyncIterator]();
    await iterator.next();
    expect(source.start).not.toHaveBeenCalled();
    expect(polls).toEqual(['saved']);
    await iterator.return(undefined);
  });

  it('cursor: after each item as it is yielded, then the poll’s next, which the next poll starts from', async () => {
    const { source, polls } = scripted([found('c0', ['a', 'b'], true), found('c0>end', ['c'])]);
    const controller = new AbortController();
    const follow = new Follow(source, settings(controller.signal), undefined);
    const iterator = follow[Symbol.asyncIterator]();
    const seen: [string, string | undefined][] = [];
    for (let index = 0; index < 3; index++) {
      const { value } = await iterator.next();
      seen.push([value as string, follow.cursor]);
    }
    expect(seen).toEqual([
      ['a', 'c0>a'],
      ['b', 'c0>b'],
      ['c', 'c0>end>c'],
    ]);
    expect(polls).toEqual(['c0', 'c0>end']);
    // After the last item the loop sets the poll's next (the source promises it equals the last cursorAfter).
    const pending = iterator.next();
    await flush();
    expect(follow.cursor).toBe('c0>end>end');
    controller.abort();
    await pending;
  });

  it('the cursor right after a start with nothing new is the start', async () => {
    const { source } = scripted([], async () => 'started');
    const controller = new AbortController();
    const follow = new Follow(source, settings(controller.signal), undefined);
    const iterator = follow[Symbol.asyncIterator]();
    const pending = iterator.next();
    await flush();
    expect(follow.cursor).toBe('started>end');
    expect(source.poll).toHaveBeenCalledWith('started', controller.signal);
    controller.abort();
    await pending;
  });

  it('after a poll with nothing new: one pause of interval (±10 %) before the next', async () => {
    const { source, polls } = scripted([found('c0', []), found('c0>end', ['a'])]);
    const follow = new Follow(source, settings(undefined, 1000), undefined);
    const iterator = follow[Symbol.asyncIterator]();
    const next = iterator.next();
    await flush();
    expect(polls).toHaveLength(1);
    await pollsAfter(polls, 1000, 2);
    expect(await next).toEqual({ value: 'a', done: false });
    await iterator.return(undefined);
  });

  it('the pause is jittered: Math.random 0 → 0.9 × interval, 0.75 → 1.05 ×', async () => {
    for (const [random, wait] of [
      [0, 900],
      [0.75, 1050],
    ] as const) {
      vi.spyOn(Math, 'random').mockReturnValue(random);
      const controller = new AbortController();
      const { source, polls } = scripted([found('c0', [])]);
      const iterator = new Follow(source, settings(controller.signal, 1000), undefined)[
        Symbol.asyncIterator
      ]();
      const next = iterator.next();
      await flush();
      await pollsAfter(polls, wait, 2);
      controller.abort();
      await next;
    }
  });

  it('a poll that says "more" and brought items: the next at once; "more" with no items: the pause all the same', async () => {
    const controller = new AbortController();
    const { source, polls } = scripted([found('c0', ['a'], true), found('c0>end', [], true)]);
    const iterator = new Follow(source, settings(controller.signal, 1000), undefined)[Symbol.asyncIterator]();
    await iterator.next();
    const next = iterator.next();
    await flush();
    expect(polls).toEqual(['c0', 'c0>end']);
    await pollsAfter(polls, 1000, 3);
    controller.abort();
    await next;
  });

  it('a poll without "more": the pause, even when it brought items', async () => {
    const controller = new AbortController();
    const { source, polls } = scripted([found('c0', ['a'], false)]);
    const iterator = new Follow(source, settings(controller.signal, 1000), undefined)[Symbol.asyncIterator]();
    await iterator.next();
    const next = iterator.next();
    await pollsAfter(polls, 1000, 2);
    controller.abort();
    await next;
  });

  it('aborted while the app handles an item: ends there, the rest of the poll not yielded, no other request', async () => {
    const controller = new AbortController();
    const { source, polls } = scripted([found('c0', ['a', 'b', 'c'], true)]);
    const follow = new Follow(source, settings(controller.signal), undefined);
    const iterator = follow[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toBe('a');
    controller.abort();
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(follow.cursor).toBe('c0>a');
    expect(polls).toHaveLength(1);
  });

  it('aborted during a pause: ends at once, without waiting it out', async () => {
    const controller = new AbortController();
    const { source, polls } = scripted([]);
    const iterator = new Follow(source, settings(controller.signal, 60_000), undefined)[
      Symbol.asyncIterator
    ]();
    const next = iterator.next();
    await flush();
    expect(polls).toHaveLength(1);
    controller.abort();
    await flush();
    expect(await next).toEqual({ value: undefined, done: true });
    expect(polls).toHaveLength(1);
  });

  it('aborted before it starts: no request at all', async () => {
    const controller = new AbortController();
    controller.abort();
    const { source, polls } = scripted([]);
    const follow = new Follow(source, settings(controller.signal), 'saved');
    expect(await follow[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true });
    expect(polls).toEqual([]);
    const fresh = new Follow(source, settings(controller.signal), undefined);
    expect(await fresh[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true });
    expect(source.start).not.toHaveBeenCalled();
    expect(fresh.cursor).toBeUndefined();
  });

  it('aborted while start is in flight: ends without polling, its failure not reported', async () => {
    const controller = new AbortController();
    const { source, polls } = scripted([], async () => {
      controller.abort();
      throw new NotFoundError('gone', { status: 404, url: 'u', method: 'GET' });
    });
    const follow = new Follow(source, settings(controller.signal), undefined);
    expect(await follow[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true });
    expect(polls).toEqual([]);
    expect(follow.cursor).toBeUndefined();
  });

  it('a failure that can pass: tried again after interval × 2ⁿ⁻¹, the cursor kept; then on as before', async () => {
    const { source, polls } = scripted([
      new ConnectionError('down'),
      new ConnectionError('down'),
      new ConnectionError('down'),
      found('c0', ['a']),
    ]);
    const follow = new Follow(source, settings(undefined, 1000, 8000), 'saved');
    const iterator = follow[Symbol.asyncIterator]();
    const next = iterator.next();
    await flush();
    expect(polls).toHaveLength(1);
    for (const [wait, total] of [
      [1000, 2],
      [2000, 3],
      [4000, 4],
    ] as const) {
      await pollsAfter(polls, wait, total);
    }
    expect(polls).toEqual(['saved', 'saved', 'saved', 'saved']);
    expect(await next).toEqual({ value: 'a', done: false });
    await iterator.return(undefined);
  });

  it('the failure count starts again after a success', async () => {
    const { source, polls } = scripted([
      new ConnectionError('down'),
      new ConnectionError('down'),
      found('c0', ['a'], true),
      new ConnectionError('down'),
      found('c0>end', ['b']),
    ]);
    const iterator = new Follow(source, settings(undefined, 1000, 8000), 'c0')[Symbol.asyncIterator]();
    const first = iterator.next();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await first).toEqual({ value: 'a', done: false });
    const second = iterator.next();
    await flush();
    expect(polls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(999);
    expect(polls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(await second).toEqual({ value: 'b', done: false });
    await iterator.return(undefined);
  });

  it('Retry-After longer than the backoff is waited out; start is retried the same way', async () => {
    let starts = 0;
    const { source, polls } = scripted([], async () => {
      starts++;
      if (starts === 1)
        throw new ApiError('busy', { status: 503, url: 'u', method: 'GET', retryAfter: 5000 });
      return 'c0';
    });
    const controller = new AbortController();
    const iterator = new Follow(source, settings(controller.signal, 1000, 8000), undefined)[
      Symbol.asyncIterator
    ]();
    const next = iterator.next();
    await vi.advanceTimersByTimeAsync(4999);
    expect(starts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toBe(2);
    expect(polls).toEqual(['c0']);
    controller.abort();
    await next;
  });

  it('a failure that would recur ends the iteration with it, once', async () => {
    const refused = new NotFoundError('gone', { status: 404, url: 'u', method: 'GET' });
    const { source, polls } = scripted([refused]);
    const iterator = new Follow(source, settings(), 'c0')[Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toBe(refused);
    expect(polls).toHaveLength(1);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('a poll failing after the signal aborted: the iteration ends quietly, no retry', async () => {
    const controller = new AbortController();
    const source: FollowSource<string, string> = {
      start: async () => 'c0',
      poll: vi.fn(async () => {
        controller.abort();
        throw new ConnectionError('aborted');
      }),
    };
    const iterator = new Follow(source, settings(controller.signal), 'c0')[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(source.poll).toHaveBeenCalledTimes(1);
  });

  it('aborted during a retry pause: ends at once', async () => {
    const controller = new AbortController();
    const { source, polls } = scripted([new ConnectionError('down')]);
    const iterator = new Follow(source, settings(controller.signal, 60_000), 'c0')[Symbol.asyncIterator]();
    const next = iterator.next();
    await flush();
    controller.abort();
    await flush();
    expect(await next).toEqual({ value: undefined, done: true });
    expect(polls).toHaveLength(1);
  });

  it('iterated again after break: resumes from its cursor, no start', async () => {
    const { source, polls } = scripted([found('c0', ['a', 'b'], true), found('c0>a', ['b'])]);
    const follow = new Follow(source, settings(), undefined);
    for await (const item of follow) {
      expect(item).toBe('a');
      break;
    }
    expect(follow.cursor).toBe('c0>a');
    for await (const item of follow) {
      expect(item).toBe('b');
      break;
    }
    expect(polls).toEqual(['c0', 'c0>a']);
    expect(source.start).toHaveBeenCalledTimes(1);
  });
});
