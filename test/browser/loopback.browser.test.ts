import { describe, expect, inject, it } from 'vitest';
import { AppClient, AuthenticationError, NativeClient } from '../../src/index.js';
import { sha256 } from './worker.js';

/**
 * Both clients from a page on another origin to the loopback fake server over real HTTP: the
 * browser's CORS rules (preflights for the Authorization header), its network stack and streams.
 */
describe('Both clients in Chromium over real HTTP (cross-origin, CORS)', () => {
  const server = inject('fakeServer');
  const hub = () => new NativeClient({ baseUrl: server.url, ...server.channel });

  it('is really cross-origin', () => {
    expect(new URL(server.url).origin).not.toBe(location.origin);
  });

  it('signs in to the Application API, pages friends and uploads a File', async () => {
    const app = await AppClient.fromKey(server.appKey, { baseUrl: server.url });
    const friends = await app.friend.getFriends().toArray();
    expect(friends.length).toBeGreaterThan(10);
    expect(new Set(friends.map((friend) => friend.user_id)).size).toBe(friends.length);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16])], 'me.jpg', {
      type: 'image/jpeg',
    });
    const uploaded = await app.photo.addPhoto({ photo, photo_name: 'me.jpg' });
    expect(uploaded.photo_original).toMatch(/\.jpg$/);
  });

  it('downloads the big file byte-exact with concurrent chunk requests', async () => {
    const blob = await hub().files.downloadBlob(server.big.file_id, { concurrency: 3 });
    expect(blob.size).toBe(server.big.filesize);
    expect(await sha256(blob)).toBe(server.big.sha256);
  });

  it('aborts a download in flight with the signal’s reason', async () => {
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    const download = hub().files.downloadBlob(server.big.file_id, {
      chunkSize: 64 * 1024,
      concurrency: 1,
      signal: controller.signal,
      onProgress: ({ loaded }) => {
        if (loaded >= 128 * 1024) controller.abort(reason);
      },
    });
    await expect(download).rejects.toBe(reason);
  });

  it('maps the hub’s plain-text 401 to AuthenticationError', async () => {
    const wrong = new NativeClient({ baseUrl: server.url, username: 'alice', password: 'not her password' });
    await expect(wrong.albums.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
