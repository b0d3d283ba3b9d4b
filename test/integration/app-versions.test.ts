import { describe, expect, it } from 'vitest';
import { ApiError, AppClient, NotFoundError } from '../../src/index.js';
import { createFakeSite, type FakeSite } from '../../src/testing/index.js';
import { solidJpeg } from '../../src/testing/seed/images.js';

/*
 * The Application API suite once per phpFox version the SDK supports, against the fake in that
 * version's mode (held against live recordings by test/testing/phpfox-recorded.test.ts): every
 * AppClient method, then one test per way 3.0.1 differs from 3.9.0, each saying what the SDK
 * makes of it.
 */
const VERSIONS = [
  { version: '3.0', live: '3.0.1' },
  { version: '3.9', live: '3.9.0' },
] as const;

async function signIn(envelope: '3.0' | '3.9'): Promise<{ site: FakeSite; app: AppClient }> {
  const site = createFakeSite({ envelope });
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => site.handler(new Request(input, init));
  const app = await AppClient.fromKey(site.credentials.appKey, { baseUrl: site.url, fetch, retry: 0 });
  return { site, app };
}

const jpeg = () => new Blob([solidJpeg(64, 48, 120)], { type: 'image/jpeg' });

describe.each(VERSIONS)('phpFox $live (fake envelope $version): every App method', ({ version }) => {
  it('user.getUser, friend.getFriends (walked), friend.isFriend, the counts', async () => {
    const { site, app } = await signIn(version);
    const me = await app.user.getUser();
    expect(me).toMatchObject({ user_id: 1, full_name: 'John Doe' });
    const friends = await app.friend.getFriends().toArray();
    expect(friends).toHaveLength(site.state.app.friends.get(1)?.length ?? -1);
    expect(new Set(friends.map((friend) => friend.user_id)).size).toBe(friends.length);
    expect(await app.friend.isFriend({ friend_user_id: friends[0]?.user_id ?? 0 })).toBe(true);
    expect(await app.mail.getNewCount()).toBe(3);
    expect(await app.notification.getNewCount()).toBe(5);
    await expect(app.user.getUser({ user_id: 987_654 })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('photo.getPhotos walks every photo once, from the first page whichever way it counts', async () => {
    const { app } = await signIn(version);
    const photos = await app.photo.getPhotos().toArray();
    expect(photos).toHaveLength(14);
    expect(new Set(photos.map((photo) => photo.photo_original)).size).toBe(14);
    const fromZero = await app.photo.getPhotos({ page: 0 }).toArray();
    expect(fromZero.map((photo) => photo.photo_original)).toEqual(photos.map((p) => p.photo_original));
  });

  it('notification.get yields each notification once; notification.follow starts from the unseen', async () => {
    const { app } = await signIn(version);
    const all = await app.notification.get().toArray();
    expect(new Set(all.map((n) => n.notification_id)).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(await app.notification.getNewCount()).toBe(0);
    const { site, app: fresh } = await signIn(version);
    const unseen = site.state.app.notifications.filter((n) => !n.is_seen).map((n) => n.notification_id);
    const followed: number[] = [];
    for await (const notification of fresh.notification.follow({ interval: 1 })) {
      followed.push(notification.notification_id);
      if (followed.length === unseen.length) break;
    }
    expect(followed.sort()).toEqual(unseen.sort());
  });

  it('photo.addPhoto answers the photo in one shape; app.call reaches any method', async () => {
    const { app } = await signIn(version);
    const uploaded = await app.photo.addPhoto({ photo: jpeg(), photo_name: 'conformance.jpg' });
    expect(uploaded.photo_original).toMatch(/^https:\/\/fake\.test\/file\/pic\/photo\//);
    expect(uploaded.photo_240px).toMatch(/_240\.jpg$/);
    const { output } = await app.call('user.getUser', { user_id: 2 });
    expect(output.user_id).toBe(2);
  });
});

describe('what differs on phpFox 3.0.1, pinned (3.0 against 3.9)', () => {
  it('api.pages and api.current_page are always 0 on 3.0.1: pages come from total', async () => {
    const { app: old } = await signIn('3.0');
    const { app: newer } = await signIn('3.9');
    const page2 = await old.call('friend.getFriends', { page: 2 });
    expect(page2.api).toEqual({ total: 23, pages: 0, current_page: 0 });
    expect((await newer.call('friend.getFriends', { page: 2 })).api).toEqual({ total: 23, current_page: 2 });
    // The walk trusts neither: it counts on from the page it asked for and stops at total.
    expect(await old.friend.getFriends({ page: 2 }).toArray()).toHaveLength(13);
  });

  it('photo pages count from 1 on 3.0.1 (page 0 reads as 1), from 0 on 3.9.0', async () => {
    const { app: old } = await signIn('3.0');
    const { app: newer } = await signIn('3.9');
    const first = (await old.call('photo.getPhotos', { page: 1 })).output;
    expect((await old.call('photo.getPhotos', { page: 0 })).output).toEqual(first);
    expect((await old.call('photo.getPhotos', { page: 2 })).output).toHaveLength(4);
    expect((await newer.call('photo.getPhotos', { page: 0 })).output).toHaveLength(10);
    expect((await newer.call('photo.getPhotos', { page: 1 })).output).toHaveLength(4);
  });

  it('photo records have no id on 3.0.1', async () => {
    const { app: old } = await signIn('3.0');
    const { app: newer } = await signIn('3.9');
    const [photo] = (await old.photo.getPhotos()).items;
    expect(Object.keys(photo ?? {}).sort()).toEqual(['photo_100px', 'photo_240px', 'photo_original']);
    expect(typeof (await newer.photo.getPhotos()).items[0]?.id).toBe('number');
  });

  it('a 3.0.1 upload answers URLs without an id, and photo.getPhotos never lists it', async () => {
    const { app } = await signIn('3.0');
    const before = await app.photo.getPhotos().toArray();
    const uploaded = await app.photo.addPhoto({ photo: jpeg(), photo_name: 'old.jpg' });
    expect(uploaded.id).toBeUndefined();
    expect(uploaded.photo_75px).toMatch(/_75\.jpg$/);
    const after = await app.photo.getPhotos().toArray();
    expect(after).toEqual(before);
    const { app: newer } = await signIn('3.9');
    const record = await newer.photo.addPhoto({ photo: jpeg(), photo_name: 'new.jpg' });
    expect((await newer.photo.getPhotos()).items[0]?.id).toBe(record.id);
  });

  it('user.updateStatus answers true on 3.0.1, the new feed item on 3.9.0', async () => {
    const { app: old } = await signIn('3.0');
    const { app: newer } = await signIn('3.9');
    expect((await old.call('user.updateStatus', { user_status: 'hello' })).output).toBe(true);
    expect((await newer.call('user.updateStatus', { user_status: 'hello' })).output).toMatchObject({
      update: 'hello',
      profile_user_id: '1',
    });
    // A repeat of the last status: 3.0.1 answers `false` and nothing else, 3.9.0 a method error.
    expect((await old.call('user.updateStatus', { user_status: 'hello' })).output).toBe(false);
    await expect(newer.call('user.updateStatus', { user_status: 'hello' })).rejects.toMatchObject({
      name: 'ApiError',
      code: undefined,
      message: expect.stringContaining('You have already added this recently'),
    });
    expect((await old.call('user.updateStatus', { user_status: 'hello again' })).output).toBe(true);
    const empty = await old.call('user.updateStatus', {}).catch((error: unknown) => error);
    expect(empty).toMatchObject({ name: 'ApiError', code: 'user.status_is_empty' });
  });

  it('notification.get answers at most 5 and marks them seen (both versions)', async () => {
    for (const version of ['3.0', '3.9'] as const) {
      const { site, app } = await signIn(version);
      site.addNotification({ type: 'friend' });
      site.addNotification({ type: 'friend' });
      expect((await app.call('notification.get')).output).toHaveLength(5);
      expect(await app.notification.getNewCount()).toBe(2);
    }
  });

  it('3.0.1 has nine methods: others are typed errors (method_not_valid, or HTTP 500 without an API service)', async () => {
    const { app: old } = await signIn('3.0');
    const { app: newer } = await signIn('3.9');
    for (const method of ['mail.get', 'user.get', 'friend.get', 'photo.get'] as const) {
      const error = await old.call(method).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 'api.method_not_valid_for_module', status: 200 });
      await expect(newer.call(method)).resolves.toBeDefined();
    }
    const blog = await old.call('blog.getBlogs').catch((e: unknown) => e);
    expect(blog).toMatchObject({ name: 'ApiError', status: 500 });
    expect((blog as Error).message).toContain('"blog.getBlogs" may not exist on this site');
    await expect(newer.call('blog.getBlogs')).rejects.toMatchObject({
      code: 'api.method_not_valid_for_module',
    });
  });

  it('every answer is text/html, which the SDK reads as JSON', async () => {
    for (const version of ['3.0', '3.9'] as const) {
      const { app } = await signIn(version);
      const { data, response } = await app.user.getUser().withResponse();
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(data.user_id).toBe(1);
    }
  });
});
