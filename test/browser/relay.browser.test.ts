import { describe, expect, inject, it } from 'vitest';
import { ApiError, AppClient, ConnectionError, NativeClient } from '../../src/index.js';
import { sha256 } from './worker.js';

/**
 * A page on another origin than the sites, as users' pages are: the fake site sends no CORS headers
 * (as phpFox and Hubzilla), so the page goes through the relay (`socialsite-sdk/relay`), which
 * holds the token and the password. Every answer the page receives is checked for secrets.
 */
describe('Both clients in Chromium through the relay (fake site with CORS off)', () => {
  const server = inject('fakeServer');
  const seen: string[] = [];
  /** The page's fetch, keeping every answer it receives: status, headers and body. */
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
    seen.push(`${response.status}\n${headers}\n\n${await response.clone().text()}`);
    return response;
  };
  const session = { [server.session.header]: server.session.value };
  const app = () => new AppClient({ relay: server.relayUrl, fetch: recording, headers: session });
  const hub = () => new NativeClient({ relay: server.relayUrl, fetch: recording, headers: session });

  it('is really cross-origin, and the site itself refuses the page: one ConnectionError that names CORS', async () => {
    expect(new URL(server.url).origin).not.toBe(location.origin);
    let retries = 0;
    // Not the key exchange: a new token would cancel the relay's (phpFox keeps one token an app and user).
    const direct = new NativeClient({
      baseUrl: server.url,
      username: 'alice',
      password: 'not needed: the preflight already fails',
      hooks: { onRetry: () => retries++ },
    }).groups.list();
    const error = await direct.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/may not allow cross-origin calls/);
    expect((error as Error).message).toMatch(/browsers\.md#relay/);
    // A simple GET (no preflight) that the site answers without CORS headers: the same refusal.
    const app = new AppClient({
      baseUrl: server.url,
      token: 'a-token-of-no-one',
      hooks: { onRetry: () => retries++ },
    });
    await expect(app.user.getUser()).rejects.toThrow(/may not allow cross-origin calls/);
    expect(retries).toBe(0);
  });

  it('reads the profile, pages every friend and uploads a File through the relay', async () => {
    const client = app();
    expect((await client.user.getUser()).user_id).toBeGreaterThan(0);
    const friends = await client.friend.getFriends().toArray();
    expect(friends.length).toBeGreaterThan(10);
    expect(new Set(friends.map((friend) => friend.user_id)).size).toBe(friends.length);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 7, 7])], 'me.jpg', {
      type: 'image/jpeg',
    });
    const uploaded = await client.photo.addPhoto({ photo, photo_name: 'me.jpg' });
    expect(uploaded.photo_original).toMatch(/\.jpg$/);
  });

  it('pages the file list and downloads 20 MiB byte-exact, in chunks each under the relay’s limit', async () => {
    const client = hub();
    const files = await client.files.list({ records: 3 }).toArray();
    expect(files.some((file) => file.hash === server.big.file_id)).toBe(true);
    expect(server.big.filesize).toBeGreaterThan(8 * server.relayMaxResponseBytes);
    const blob = await client.files.downloadBlob(server.big.file_id, { concurrency: 3 });
    expect(blob.size).toBe(server.big.filesize);
    expect(await sha256(blob)).toBe(server.big.sha256);
  }, 120_000);

  it('is refused what the allow-list does not have, and without the session', async () => {
    await expect(app().notification.get()).rejects.toMatchObject({ status: 403, code: 'relay.forbidden' });
    await expect(hub().channel.exportBasic()).rejects.toMatchObject({ status: 403, code: 'relay.forbidden' });
    const anonymous = new NativeClient({ relay: server.relayUrl, fetch: recording, retry: 0 });
    const refused = await anonymous.groups.list().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'relay.forbidden' });
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

  it('never receives a secret: no token, key, password or Basic credentials in any answer, no cookie', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const answer of seen) {
      for (const secret of server.secrets) expect(answer).not.toContain(secret);
      expect(answer.toLowerCase()).not.toMatch(/set-cookie|phpsessid|www-authenticate/);
    }
  });
});
