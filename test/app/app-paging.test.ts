import { describe, expect, it } from 'vitest';
import { AppClient } from '../../src/index.js';
import { useMswServer } from '../support/msw.js';
import { apiHandler, envelope, SITE, TOKEN } from './phpfox.js';

const { server, requests } = useMswServer();
const app = () => new AppClient({ baseUrl: SITE, token: TOKEN });

const friend = (id: number) => ({ user_id: String(id), full_name: `Friend ${id}`, user_name: `f${id}` });
const friends = Array.from({ length: 23 }, (_, index) => friend(index + 1));

/** phpFox 3.0.x friend paging: 1-based, 0/missing/junk → first page, past the end → the LAST page again. */
function clampedFriendPages(url: URL, total = 0) {
  const lastPage = Math.ceil(friends.length / 10);
  const asked = Number.parseInt(url.searchParams.get('page') ?? '', 10);
  const page = Number.isNaN(asked) || asked < 1 ? 1 : Math.min(asked, lastPage);
  return envelope(friends.slice((page - 1) * 10, page * 10), { total, pages: 0, current_page: 0 });
}

const pagesAsked = () => requests.map((request) => new URL(request.url).searchParams.get('page'));

describe('AppClient paging', () => {
  it('await gives the first page only', async () => {
    server.use(apiHandler((_, url) => clampedFriendPages(url)));
    const page = await app().friend.getFriends();
    expect(page.items.map((f) => f.user_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(page.hasNextPage()).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('for await walks every friend once, stopping at the short last page although total is 0', async () => {
    server.use(apiHandler((_, url) => clampedFriendPages(url)));
    const ids: number[] = [];
    for await (const f of app().friend.getFriends()) ids.push(f.user_id);
    expect(ids).toEqual(friends.map((_, index) => index + 1));
    expect(pagesAsked()).toEqual([null, '2', '3']);
  });

  it('stops on a repeated page when the server clamps a full last page', async () => {
    const twenty = friends.slice(0, 20);
    server.use(
      apiHandler((_, url) => {
        const page = Math.min(Math.max(Number(url.searchParams.get('page') ?? 1), 1), 2);
        return envelope(twenty.slice((page - 1) * 10, page * 10));
      }),
    );
    const all = await app().friend.getFriends().toArray();
    expect(all).toHaveLength(20);
    expect(new Set(all.map((f) => f.user_id)).size).toBe(20);
    expect(pagesAsked()).toEqual([null, '2', '3']);
  });

  it('stops when the server cycles through pages (1, 2, 1, 2…): each friend once, never endless', async () => {
    const twenty = friends.slice(0, 20);
    const controller = new AbortController();
    server.use(
      apiHandler((_, url) => {
        if (requests.length > 50) controller.abort(new Error('the walk did not end'));
        const page = (Number(url.searchParams.get('page') ?? 1) - 1) % 2;
        return envelope(twenty.slice(page * 10, page * 10 + 10));
      }),
    );
    const all = await app().friend.getFriends({}, { signal: controller.signal }).toArray();
    expect(all.map((f) => f.user_id)).toEqual(twenty.map((_, index) => index + 1));
    expect(pagesAsked()).toEqual([null, '2', '3']);
  });

  it('stops when total is reached, without asking for an empty page', async () => {
    const ten = friends.slice(0, 10);
    server.use(apiHandler(() => envelope(ten, { total: 10, pages: 0, current_page: 0 })));
    expect(await app().friend.getFriends().toArray()).toHaveLength(10);
    expect(requests).toHaveLength(1);
  });

  it('never trusts pages/current_page (3.5+ envelope: no pages, current_page a string)', async () => {
    server.use(
      apiHandler((_, url) => {
        const body = clampedFriendPages(url);
        return { api: { total: 0, current_page: url.searchParams.get('page') ?? '' }, output: body.output };
      }),
    );
    const pages = [];
    for await (const page of app().friend.getFriends().pages()) pages.push(page.items.length);
    expect(pages).toEqual([10, 10, 3]);
  });

  it('toArray({ limit }) stops requesting once it has enough', async () => {
    server.use(apiHandler((_, url) => clampedFriendPages(url)));
    const first12 = await app().friend.getFriends().toArray({ limit: 12 });
    expect(first12.map((f) => f.user_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(requests).toHaveLength(2);
  });

  it('starts from the page asked for', async () => {
    server.use(apiHandler((_, url) => clampedFriendPages(url)));
    const ids = (await app().friend.getFriends({ page: 2 }).toArray()).map((f) => f.user_id);
    expect(ids[0]).toBe(11);
    expect(ids).toHaveLength(13);
    expect(pagesAsked()).toEqual(['2', '3']);
  });

  it('an unknown user has no friends: [] ends the list at once', async () => {
    server.use(apiHandler(() => envelope([])));
    expect(await app().friend.getFriends({ user_id: 424242 }).toArray()).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it('3.5+ photo.getPhotos counts pages from 0 and answers [] past the end', async () => {
    const photos = Array.from({ length: 14 }, (_, i) => ({
      photo_100px: `a${i}`,
      photo_240px: 'b',
      photo_original: 'c',
    }));
    server.use(
      apiHandler((_, url) => {
        const page = Number(url.searchParams.get('page') ?? 0);
        return {
          api: { total: 0, current_page: String(page) },
          output: photos.slice(page * 10, page * 10 + 10),
        };
      }),
    );
    const all = await app().photo.getPhotos().toArray();
    expect(all.map((p) => p.photo_100px)).toEqual(photos.map((p) => p.photo_100px));
    expect(pagesAsked()).toEqual([null, '1']);
  });

  it('3.0.x photo.getPhotos counts pages from 1', async () => {
    const photos = Array.from({ length: 12 }, (_, i) => ({
      photo_100px: `a${i}`,
      photo_240px: 'b',
      photo_original: 'c',
    }));
    server.use(
      apiHandler((_, url) => {
        const page = Math.max(Number(url.searchParams.get('page') ?? 1), 1);
        return envelope(photos.slice((page - 1) * 10, page * 10));
      }),
    );
    expect(await app().photo.getPhotos().toArray()).toHaveLength(12);
    expect(pagesAsked()).toEqual([null, '2']);
  });

  it('notification.get: at most 5 an answer, marked seen, so iteration continues until a short answer', async () => {
    const unseen = Array.from({ length: 8 }, (_, i) => ({
      notification_id: String(i + 1),
      link: 'l',
      message: 'm',
      icon: 'i',
    }));
    server.use(apiHandler(() => envelope(unseen.splice(0, 5))));
    const ids = (await app().notification.get().toArray()).map((n) => n.notification_id);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(requests).toHaveLength(2);
  });

  it('notification.get that repeats the same 5 stops after one page', async () => {
    const five = Array.from({ length: 5 }, (_, i) => ({
      notification_id: String(i + 1),
      link: 'l',
      message: 'm',
      icon: 'i',
    }));
    server.use(apiHandler(() => envelope(five)));
    expect(await app().notification.get().toArray()).toHaveLength(5);
    expect(requests).toHaveLength(2);
  });

  it('an abort stops a for await between items, not only at the next request', async () => {
    server.use(apiHandler((_, url) => clampedFriendPages(url)));
    const controller = new AbortController();
    const seen: number[] = [];
    const walk = async () => {
      for await (const f of app().friend.getFriends({}, { signal: controller.signal })) {
        seen.push(f.user_id);
        if (seen.length === 3) controller.abort(new Error('enough'));
      }
    };
    await expect(walk()).rejects.toThrow('enough');
    expect(seen).toEqual([1, 2, 3]);
    expect(requests).toHaveLength(1);
  });

  it('nextPage() returns null at the end and the page objects stay immutable', async () => {
    server.use(apiHandler((_, url) => clampedFriendPages(url)));
    const first = await app().friend.getFriends();
    const second = await first.nextPage();
    const third = await second!.nextPage();
    expect(third!.items).toHaveLength(3);
    expect(third!.hasNextPage()).toBe(false);
    expect(await third!.nextPage()).toBeNull();
    expect(first.items).toHaveLength(10);
  });
});
