import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, AppClient, AuthenticationError, NotFoundError } from '../../src/index.js';
import { solidJpeg } from '../../src/testing/seed/images.js';

/*
 * The Application API contract against a REAL phpFox (APP_BASE_URL, APP_KEY; `npm run test:live`
 * runs it once per site of APP_SITES). Only what holds on any site of that generation is checked —
 * normalized types, lists that end with every item once, error classes — never the fake's data.
 * The generation is read from the site's own envelope: phpFox 3.0.x sends `api.pages` (always 0),
 * 3.5+ does not. Writes (an upload, a status) run only with LIVE_WRITES=1.
 */
const env = process.env;
const baseUrl = env.APP_BASE_URL ?? '';
const key = env.APP_KEY ?? '';
const writes = env.LIVE_WRITES === '1';

let signedIn: Promise<AppClient> | undefined;
/** One token for the whole file: a new token cancels the previous one of the same app and user. */
const app = () => {
  signedIn ??= AppClient.fromKey(key, { baseUrl });
  return signedIn;
};
/** `'3.0'` for phpFox 3.0.x, `'3.5+'` for 3.5 to 3.9, from the envelope of the first call. */
let generation: '3.0' | '3.5+' = '3.5+';
/** The methods 3.0.1 does not have (3.9.0 does), and a module without an API service in both. */
const NOT_ON_30 = ['mail.get', 'user.get', 'friend.get', 'photo.get'] as const;

describe(`Application API on ${baseUrl}`, () => {
  beforeAll(async () => {
    const { api } = await (await app()).call('user.getUser');
    generation = api.pages === undefined ? '3.5+' : '3.0';
    console.log(`${baseUrl}: phpFox ${generation} (envelope ${JSON.stringify(api)})`);
  });

  it('trades the key for a token and reads the profile with numbers, from a text/html answer', async () => {
    const client = await app();
    expect(client.token.length).toBeGreaterThan(20);
    const { data: me, response } = await client.user.getUser().withResponse();
    expect(typeof me.user_id).toBe('number');
    expect(typeof me.joined).toBe('number');
    expect(typeof me.full_name).toBe('string');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('reads the envelope of its generation: 3.0 pages and current_page always 0, 3.5+ no pages', async () => {
    const client = await app();
    const { api } = await client.call('friend.getFriends', { page: 2 });
    if (generation === '3.0') expect(api).toMatchObject({ pages: 0, current_page: 0 });
    else expect(api).toMatchObject({ current_page: 2 });
    expect(typeof api.total).toBe('number');
  });

  it('walks every friend once and reaches total', async () => {
    const client = await app();
    const first = await client.friend.getFriends();
    const friends = await client.friend.getFriends().toArray();
    const ids = friends.map((friend) => friend.user_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(typeof id).toBe('number');
    if (first.total > 0) expect(friends).toHaveLength(first.total);
  });

  it('walks the same friends when started from page 0', async () => {
    const client = await app();
    const fromOne = (await client.friend.getFriends().toArray()).map((f) => f.user_id);
    const fromZero = (await client.friend.getFriends({ page: 0 }).toArray()).map((f) => f.user_id);
    expect(fromZero).toEqual(fromOne);
  });

  it('yields every notification once and stops', async () => {
    const client = await app();
    const notifications = await client.notification.get().toArray();
    const ids = notifications.map((n) => n.notification_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(typeof id).toBe('number');
    expect(await client.notification.getNewCount()).toBe(0);
    // phpFox answers at most 5 a call, whatever `page` says (both generations).
    expect(((await client.call('notification.get', { page: 2 })).output as unknown[]).length).toBeLessThan(6);
  });

  it('walks every photo once, from page 0 as from the first page, with numbers where numbers are meant', async () => {
    const client = await app();
    const photos = await client.photo.getPhotos().toArray();
    const urls = photos.map((photo) => photo.photo_original);
    expect(new Set(urls).size).toBe(photos.length);
    expect((await client.photo.getPhotos({ page: 0 }).toArray()).map((p) => p.photo_original)).toEqual(urls);
    const { total } = await client.photo.getPhotos();
    if (total > 0) expect(photos).toHaveLength(total);
    for (const photo of photos) {
      // 3.0.x sends the three URLs only: no id.
      if (generation === '3.0') expect(photo.id).toBeUndefined();
      if (photo.id !== undefined) expect(typeof photo.id).toBe('number');
      if (photo.likes !== undefined) expect(typeof photo.likes).toBe('number');
    }
  });

  it('reads the counts and isFriend as numbers and a boolean', async () => {
    const client = await app();
    expect(typeof (await client.mail.getNewCount())).toBe('number');
    expect(typeof (await client.notification.getNewCount())).toBe('number');
    const [friend] = (await client.friend.getFriends()).items;
    if (friend) expect(await client.friend.isFriend({ friend_user_id: friend.user_id })).toBe(true);
  });

  it('an unknown user is a NotFoundError and a wrong key an AuthenticationError', async () => {
    const client = await app();
    await expect(client.user.getUser({ user_id: 2_000_000_000 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(AppClient.fromKey(`${key}-wrong`, { baseUrl })).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('a method the site lacks is a typed error that says it may not exist', async () => {
    const client = await app();
    for (const method of NOT_ON_30) {
      if (generation === '3.0') {
        await expect(client.call(method)).rejects.toMatchObject({
          name: 'ApiError',
          code: 'api.method_not_valid_for_module',
        });
      } else await expect(client.call(method)).resolves.toHaveProperty('output');
    }
    // A module without an API service: HTTP 500 with an empty body (both generations).
    const poll = await client.call('poll.get').catch((error: unknown) => error);
    expect(poll).toBeInstanceOf(ApiError);
    expect(poll).toMatchObject({ status: 500 });
    expect((poll as Error).message).toContain('"poll.get" may not exist on this site');
    await expect(client.call('nosuchmodule.get')).rejects.toMatchObject({ code: '5' });
  });

  it.runIf(writes)('uploads a photo: listed on 3.5+, never listed on 3.0 (--writes)', async () => {
    const client = await app();
    const before = await client.photo.getPhotos().toArray();
    const photo = new Blob([solidJpeg(64, 48, 120)], { type: 'image/jpeg' });
    const uploaded = await client.photo.addPhoto({ photo, photo_name: 'socialsite-sdk-live.jpg' });
    expect(uploaded.photo_original).toMatch(/^https?:\/\//);
    expect(uploaded.photo_240px).toMatch(/^https?:\/\//);
    const after = await client.photo.getPhotos().toArray();
    if (generation === '3.0') {
      // 3.0.x stores API uploads with type_id 1, which photo.getPhotos never selects.
      expect(uploaded.id).toBeUndefined();
      expect(after.map((p) => p.photo_original)).toEqual(before.map((p) => p.photo_original));
    } else {
      expect(after).toHaveLength(before.length + 1);
      expect(after.map((p) => p.photo_original)).toContain(uploaded.photo_original);
    }
  });

  it.runIf(writes)(
    'posts a status with app.call: true on 3.0, the feed item on 3.5+; a repeat is refused (--writes)',
    async () => {
      const client = await app();
      const text = `socialsite-sdk live test ${new Date().toISOString()}`;
      const { output } = await client.call('user.updateStatus', { user_status: text });
      if (generation === '3.0') expect(output).toBe(true);
      else expect(output).toMatchObject({ update: text });
      // phpFox refuses a status equal to the last one: 3.0.x answers `false` and nothing else.
      const repeat = client.call('user.updateStatus', { user_status: text });
      if (generation === '3.0') expect((await repeat).output).toBe(false);
      else
        await expect(repeat).rejects.toMatchObject({
          name: 'ApiError',
          message: /already added this recently/,
        });
      await expect(client.call('user.updateStatus')).rejects.toMatchObject({ code: 'user.status_is_empty' });
    },
  );
});
