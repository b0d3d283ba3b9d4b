import { afterAll, describe, expect, it } from 'vitest';
import { AppClient, AuthenticationError, NotFoundError } from '../../src/index.js';
import { type FakeServer, type FakeServerOptions, startFakeServer } from '../../src/testing/index.js';

/** The AppClient against the fake phpFox over real HTTP, in each of its server flavours. */
const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

async function signIn(options: FakeServerOptions) {
  const server = await startFakeServer(options);
  servers.push(server);
  return { server, app: await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl }) };
}

describe.each([
  { envelope: '3.0' as const },
  { envelope: '3.5' as const },
  { envelope: '3.0' as const, bodyPrefix: 'both' as const, listTotals: 'zero' as const },
  { envelope: '3.5' as const, bodyPrefix: 'notice' as const, listTotals: 'zero' as const },
  { envelope: '3.9' as const },
  { envelope: '3.9' as const, listTotals: 'zero' as const },
])('phpFox %o', (options) => {
  it('walks every friend exactly once and every photo', async () => {
    const { server, app } = await signIn(options);
    const friends = await app.friend.getFriends().toArray();
    const expected = server.site.state.app.friends.get(server.credentials.appUserId)?.length ?? 0;
    expect(friends).toHaveLength(expected);
    expect(new Set(friends.map((f) => f.user_id)).size).toBe(expected);
    const photos = await app.photo.getPhotos().toArray();
    expect(photos.length).toBeGreaterThan(10);
    expect(new Set(photos.map((p) => p.photo_original)).size).toBe(photos.length);
  });

  it('reads profile, counts and notifications as documented types', async () => {
    const { app } = await signIn(options);
    const me = await app.user.getUser();
    expect(typeof me.user_id).toBe('number');
    expect(typeof me.joined).toBe('number');
    const unseen = await app.notification.getNewCount();
    expect(typeof unseen).toBe('number');
    const all = await app.notification.get().toArray();
    expect(all.length).toBeGreaterThanOrEqual(unseen);
    expect(await app.notification.getNewCount()).toBe(0);
    expect(typeof (await app.mail.getNewCount())).toBe('number');
  });

  it('uploads a photo and sees it listed (3.0: never); unknown users and revoked tokens are typed errors', async () => {
    const { server, app } = await signIn(options);
    const before = (await app.photo.getPhotos().toArray()).length;
    const uploaded = await app.photo.addPhoto({
      photo: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      photo_name: 'x.png',
    });
    // One shape whatever the generation: 3.0's `original`/`75px` map comes back as photo_* fields.
    expect(Object.keys(uploaded)).not.toContain('original');
    expect(uploaded.photo_240px).toMatch(/_240\.jpg$/);
    const after = await app.photo.getPhotos().toArray();
    // phpFox 3.0.1 stores an API upload where photo.getPhotos never looks (its type_id 1).
    const listed = options.envelope !== '3.0';
    expect(after.length).toBe(before + (listed ? 1 : 0));
    expect(after.map((photo) => photo.photo_original).includes(uploaded.photo_original)).toBe(listed);
    await expect(app.user.getUser({ user_id: 987_654 })).rejects.toBeInstanceOf(NotFoundError);
    await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
    await expect(app.user.getUser()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
