import { afterAll, describe, expect, it } from 'vitest';
import { AppClient, NotFoundError } from '../../src/index.js';
import { type FakeServer, type FakeServerOptions, startFakeServer } from '../../src/testing/index.js';

/*
 * What a live phpFox 3.9.0 taught, over real HTTP against the fake's `3.9` flavour: overlapping
 * notification answers, page numbers the server reads as another page, 3.5+ photo records.
 */
const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function signIn(options: FakeServerOptions = { envelope: '3.9' }) {
  const server = await startFakeServer(options);
  servers.push(server);
  const app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
  return { server, app };
}

describe('notification.get: every notification once, however phpFox fills its answers', () => {
  it('yields 7 unseen notifications once each although every answer is filled up to 5', async () => {
    const { server, app } = await signIn();
    const notifications = server.site.state.app.notifications;
    // Seven notifications, all unseen, whose time order differs from their ids (as on the live site).
    const user = server.credentials.appUserId;
    notifications.splice(0, notifications.length);
    const times = [50, 60, 10, 20, 30, 70, 40];
    times.forEach((time, index) => {
      notifications.push({
        notification_id: index + 1,
        user_id: user,
        link: `https://fake.test/n/${index + 1}/`,
        message: `notification ${index + 1}`,
        icon: null,
        time_stamp: 1_700_000_000 + time,
        is_seen: false,
      });
    });
    const ids = (await app.notification.get().toArray()).map((n) => n.notification_id);
    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
    expect([...ids].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The server marked everything it returned as seen.
    expect(await app.notification.getNewCount()).toBe(0);
  });

  it('stops when an answer brings nothing new (the server repeats seen ones forever)', async () => {
    const { server, app } = await signIn();
    const before = server.site.requests.length;
    const all = await app.notification.get().toArray();
    expect(new Set(all.map((n) => n.notification_id)).size).toBe(all.length);
    const calls = server.site.requests
      .slice(before)
      .filter((request) => request.url.includes('notification.get'));
    expect(calls.length).toBeLessThanOrEqual(3);
  });

  it('a page that repeats some and adds others yields only the new ones', async () => {
    const { app } = await signIn();
    const pages: number[][] = [];
    for await (const page of app.notification.get().pages())
      pages.push(page.items.map((n) => n.notification_id));
    const flat = pages.flat();
    expect(new Set(flat).size).toBe(flat.length);
  });
});

describe.each([{ envelope: '3.0' as const }, { envelope: '3.5' as const }, { envelope: '3.9' as const }])(
  'page numbers phpFox reads as another page (%o)',
  (options) => {
    it('friend.getFriends({ page: 0 }) walks all 23 friends, not the first 10', async () => {
      const { server, app } = await signIn(options);
      const expected = server.site.state.app.friends.get(server.credentials.appUserId)?.length ?? 0;
      expect(expected).toBe(23);
      const friends = await app.friend.getFriends({ page: 0 }).toArray();
      expect(friends).toHaveLength(23);
      expect(new Set(friends.map((f) => f.user_id)).size).toBe(23);
    });

    it('photo.getPhotos({ page: 0 }) walks every photo', async () => {
      const { server, app } = await signIn(options);
      const expected = server.site.state.app.photos.filter((p) => p.user_id === server.credentials.appUserId);
      const photos = await app.photo.getPhotos({ page: 0 }).toArray();
      expect(photos).toHaveLength(expected.length);
    });
  },
);

describe('phpFox 3.9 records and errors', () => {
  it('normalizes the 3.5+ photo fields like every other id and count', async () => {
    const { app } = await signIn();
    const [photo] = (await app.photo.getPhotos()).items;
    expect(photo).toBeDefined();
    expect(typeof photo?.id).toBe('number');
    expect(typeof photo?.likes).toBe('number');
    expect(typeof photo?.comments).toBe('number');
    expect(typeof photo?.uploaded_by_id).toBe('number');
    expect(photo?.is_liked).toBe(false);
  });

  it('hands out 276-character alphanumeric tokens that work', async () => {
    const { app } = await signIn();
    expect(app.token).toMatch(/^[A-Za-z0-9]{276}$/);
    expect((await app.user.getUser()).user_id).toBeGreaterThan(0);
  });

  it('maps a module error carrying `error: true` beside its error_id', async () => {
    const { app } = await signIn();
    const failure = await app.user.getUser({ user_id: 987_654 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect((failure as NotFoundError).code).toBe('user.user_cannot_be_found');
  });
});
