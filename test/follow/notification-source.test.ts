import { describe, expect, it, vi } from 'vitest';
import { type NotificationCursor, notificationCursor } from '../../src/app/follow/notification-cursor.js';
import { type NotificationCalls, NotificationSource } from '../../src/app/follow/notification-source.js';
import type { Notification } from '../../src/schemas/index.js';

// One poll of notification.follow, call by call, against scripted phpFox answers: which calls it
// makes, what it yields, and the cursor it leaves after each item.

const note = (id: number | string) =>
  ({ notification_id: id, type_id: 'comment' }) as unknown as Notification;
const ids = (items: readonly Notification[]) => items.map((item) => Number(item.notification_id));

function phpfox(unseen: number[], answers: Notification[][]) {
  const calls: string[] = [];
  const api: NotificationCalls = {
    unseen: vi.fn(async () => {
      calls.push('getNewCount');
      return unseen.shift() ?? 0;
    }),
    fetch: vi.fn(async () => {
      calls.push('get');
      return answers.shift() ?? [];
    }),
  };
  return { api, calls };
}

const fresh = notificationCursor(0, [], []);

describe('NotificationSource.poll', () => {
  it('start: no request, a cursor before anything', async () => {
    const { api, calls } = phpfox([], []);
    expect(await new NotificationSource(api, false).start()).toEqual(fresh);
    expect(calls).toEqual([]);
  });

  it('nothing unseen: only getNewCount, the cursor unchanged, no "more"', async () => {
    const { api, calls } = phpfox([0], []);
    const from = notificationCursor(9, [], [9]);
    const result = await new NotificationSource(api, false).poll(from);
    expect(calls).toEqual(['getNewCount']);
    expect(result.items).toEqual([]);
    expect(result.next).toBe(from);
    expect(result.cursorAfter(0)).toBe(from);
    expect(result.more).toBe(false);
  });

  it('resumed: one get even with nothing unseen (what a killed process fetched), then back to getNewCount only', async () => {
    const { api, calls } = phpfox([0, 0], [[note(12), note(11)]]);
    const source = new NotificationSource(api, true);
    const from = notificationCursor(10, [], [10]);
    const first = await source.poll(from);
    expect(calls).toEqual(['getNewCount', 'get']);
    expect(ids(first.items)).toEqual([11, 12]);
    await source.poll(first.next);
    expect(calls).toEqual(['getNewCount', 'get', 'getNewCount']);
  });

  it('a first answer: only its unseen places (the highest ids) are new, oldest first; the rest count as had', async () => {
    const { api } = phpfox([2], [[note(5), note(9), note(7), note(3)]]);
    const result = await new NotificationSource(api, false).poll(fresh);
    expect(ids(result.items)).toEqual([7, 9]);
    expect(result.next).toEqual(notificationCursor(9, [], [5, 3, 7, 9]));
    expect(result.more).toBe(false);
  });

  it('a first answer shorter than the unseen count: all of it', async () => {
    const { api } = phpfox([4], [[note(2), note(1)]]);
    const result = await new NotificationSource(api, false).poll(fresh);
    expect(ids(result.items)).toEqual([1, 2]);
  });

  it('once it has had some: every one not yielded recently is new, seen or not (the fill-up)', async () => {
    const { api } = phpfox([1], [[note(20), note(18), note(15), note(14)]]);
    const from = notificationCursor(15, [], [14, 15]);
    const result = await new NotificationSource(api, false).poll(from);
    expect(ids(result.items)).toEqual([18, 20]);
    expect(result.next).toEqual(notificationCursor(20, [], [14, 15, 18, 20]));
  });

  it('the cursor after each item: the rest pending, the yielded ones recent; resumed from it, no request', async () => {
    const { api, calls } = phpfox([3], [[note(33), note(32), note(31)]]);
    const from = notificationCursor(30, [], [30]);
    const result = await new NotificationSource(api, false).poll(from);
    expect(ids(result.items)).toEqual([31, 32, 33]);
    const after = result.cursorAfter(0);
    expect(after.after).toBe(33);
    expect(ids(after.pending)).toEqual([32, 33]);
    expect(after.recent).toEqual([30, 31]);
    expect(result.cursorAfter(2)).toEqual(result.next);
    expect(result.next).toEqual(notificationCursor(33, [], [30, 31, 32, 33]));
    calls.length = 0;
    const resumed = await new NotificationSource(api, true).poll(after as NotificationCursor);
    expect(calls).toEqual([]);
    expect(ids(resumed.items)).toEqual([32, 33]);
    expect(resumed.more).toBe(true);
    expect(resumed.next).toEqual(notificationCursor(33, [], [30, 31, 32, 33]));
  });

  it('"more" when more than 5 are unseen, or the answer brought 5 new; not for 5 unseen that bring fewer', async () => {
    const five = [note(45), note(44), note(43), note(42), note(41)];
    const cases: [number, Notification[], boolean][] = [
      [6, [note(41)], true],
      [5, five, true],
      [5, [note(41), note(40)], false],
    ];
    for (const [unseen, answer, more] of cases) {
      const { api } = phpfox([unseen], [answer]);
      const result = await new NotificationSource(api, false).poll(notificationCursor(40, [], [40]));
      expect(result.more, `${unseen} unseen, ${answer.length} answered`).toBe(more);
    }
  });

  it('an answer with junk, repeats, ids as strings or more than 5 entries: each id once, at most 5, the junk skipped', async () => {
    const answer = [
      null,
      { type_id: 'x' },
      note(0),
      note('57'),
      note(57),
      note(56),
      note(55),
      note(54),
      note(53),
      note(52),
    ] as unknown as Notification[];
    const { api } = phpfox([9], [answer]);
    const result = await new NotificationSource(api, false).poll(notificationCursor(50, [], [50]));
    expect(ids(result.items)).toEqual([53, 54, 55, 56, 57]);
    expect(result.next.after).toBe(57);
  });

  it('an answer of only old ones: nothing yielded, after kept at its highest', async () => {
    const { api } = phpfox([1], [[note(8), note(7)]]);
    const from = notificationCursor(9, [], [7, 8, 9]);
    const result = await new NotificationSource(api, false).poll(from);
    expect(result.items).toEqual([]);
    expect(result.next).toEqual(notificationCursor(9, [], [7, 8, 9]));
    expect(result.more).toBe(false);
  });
});
