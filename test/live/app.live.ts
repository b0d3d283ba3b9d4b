import { describe, expect, it } from 'vitest';
import { AppClient, AuthenticationError, NotFoundError } from '../../src/index.js';
import { solidJpeg } from '../../src/testing/seed/images.js';

/*
 * The Application API contract against a REAL phpFox (APP_BASE_URL, APP_KEY). Only what holds on any
 * site is checked — normalized types, lists that end with every item once, error classes — never
 * the fake's data. The upload runs only with LIVE_WRITES=1.
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

describe(`Application API on ${baseUrl}`, () => {
  it('trades the key for a token and reads the profile with numbers', async () => {
    const client = await app();
    expect(client.token.length).toBeGreaterThan(20);
    const me = await client.user.getUser();
    expect(typeof me.user_id).toBe('number');
    expect(typeof me.joined).toBe('number');
    expect(typeof me.full_name).toBe('string');
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
  });

  it('walks every photo once, with numbers where numbers are meant', async () => {
    const client = await app();
    const photos = await client.photo.getPhotos().toArray();
    expect(new Set(photos.map((photo) => photo.photo_original)).size).toBe(photos.length);
    for (const photo of photos) {
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

  it.runIf(writes)('uploads a photo and sees it listed (--writes)', async () => {
    const client = await app();
    const before = (await client.photo.getPhotos().toArray()).length;
    const photo = new Blob([solidJpeg(64, 48, 120)], { type: 'image/jpeg' });
    const uploaded = await client.photo.addPhoto({ photo, photo_name: 'socialsite-sdk-live.jpg' });
    expect(uploaded.photo_original).toMatch(/^https?:\/\//);
    expect((await client.photo.getPhotos().toArray()).length).toBe(before + 1);
  });
});
