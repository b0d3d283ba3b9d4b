import { describe, expect, it } from 'vitest';
import { AppClient, AuthenticationError, NotFoundError, SdkError } from '../../src/index.js';
import { baseUrl, useFakeSiteWorker } from './worker.js';

/** A tiny valid PNG header: the fake site, like phpFox, checks the magic bytes. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

describe('AppClient in Chromium (fake site behind the msw Service Worker)', () => {
  const { site, requests } = useFakeSiteWorker();
  const signIn = () => AppClient.fromKey(site.credentials.appKey, { baseUrl });

  it('runs in a real browser page, with the browser fetch', () => {
    expect(navigator.userAgent).toMatch(/Chrome\//);
    expect(typeof document.createElement).toBe('function');
  });

  it('trades the key for a token and reads the profile with documented types', async () => {
    const app = await signIn();
    expect(app.token).not.toBe('');
    const me = await app.user.getUser();
    expect(me.user_id).toBe(site.credentials.appUserId);
    expect(typeof me.joined).toBe('number');
  });

  it('walks every friend with for await, one request a page, and stops by itself', async () => {
    const app = await signIn();
    const before = requests.length;
    const ids: number[] = [];
    for await (const friend of app.friend.getFriends()) ids.push(friend.user_id);
    const expected = site.state.app.friends.get(site.credentials.appUserId) ?? [];
    expect(ids).toEqual(expected);
    const pages = requests
      .slice(before)
      .filter((r) => new URL(r.url).searchParams.get('method') === 'friend.getFriends');
    expect(pages).toHaveLength(Math.ceil(expected.length / 10));
  });

  it('uploads a File from the page as multipart, name and bytes intact', async () => {
    const app = await signIn();
    const photosBefore = site.state.app.photos.length;
    const file = new File([PNG], 'holiday.png', { type: 'image/png' });
    const uploaded = await app.photo.addPhoto({ photo: file, photo_name: 'holiday.png' });
    expect(uploaded.photo_original).toMatch(/^https:\/\/social\.test\//);
    expect(site.state.app.photos).toHaveLength(photosBefore + 1);
    const sent = requests.findLast((r) => r.method === 'POST');
    const part = (await sent?.formData())?.get('photo');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('holiday.png');
    expect(new Uint8Array(await (part as File).arrayBuffer())).toEqual(PNG);
  });

  it('rejects a wrong key and an unknown user with typed errors', async () => {
    const wrong = await AppClient.fromKey('not-a-key', { baseUrl }).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(AuthenticationError);
    expect(wrong).toBeInstanceOf(SdkError);
    const app = await signIn();
    const missing = await app.user.getUser({ user_id: 987_654 }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).code).toBe('user.user_cannot_be_found');
  });

  it('aborts a slow call with the signal’s reason', async () => {
    const app = await signIn();
    // Long enough that only the abort can end the call; short, as the worker still answers later.
    site.faults = { latencyMs: 1_500 };
    try {
      const controller = new AbortController();
      const call = app.user.getUser({}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      // Not waited out: the answer would be a user, not the abort.
      const error = await call.catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(DOMException);
      expect((error as DOMException).name).toBe('AbortError');
    } finally {
      site.faults = {};
    }
  });
});
