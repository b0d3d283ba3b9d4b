import { describe, expect, it } from 'vitest';
import { ApiError, AppClient, AuthenticationError, NativeClient } from '../../src/index.js';
import { DEFAULT_APP_ALLOW, DEFAULT_HUB_ALLOW } from '../../src/relay.js';
import { recordingFetch, useRelayedSites } from './support.js';

const start = useRelayedSites();

async function sha256(bytes: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Buffer.from(digest).toString('hex');
}

describe('Both clients through the relay on Node (node:http adapter, fake with CORS off)', () => {
  it('reads, pages and uploads through the relay with no token in the client', async () => {
    const site = await start({ app: { allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto'] } });
    const { fetch, seen } = recordingFetch();
    const app = new AppClient({ relay: site.relayUrl, fetch });
    const direct = new AppClient({ baseUrl: site.fake.appBaseUrl, token: site.token });

    expect((await app.user.getUser()).user_id).toBe((await direct.user.getUser()).user_id);
    const friends = await app.friend.getFriends().toArray();
    expect(friends.length).toBeGreaterThan(10);
    expect(friends).toEqual(await direct.friend.getFriends().toArray());

    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'me.jpg', {
      type: 'image/jpeg',
    });
    const uploaded = await app.photo.addPhoto({ photo, photo_name: 'me.jpg' });
    expect(uploaded.photo_original).toMatch(/\.jpg$/);

    // The relay added the token; the page never sent one.
    const relayed = site.fake.site.requests.filter((request) => request.url.includes('api.php'));
    expect(relayed.every((request) => new URL(request.url).searchParams.get('token') === site.token)).toBe(
      true,
    );
    expect(app.token).toBe('');
    for (const answer of seen) expect(answer).not.toContain(site.token);
  });

  it('downloads a file byte-exact in chunks, each relayed within the relay’s maxResponseBytes', async () => {
    // 2 MiB per relayed answer at most, yet a 3 MiB file passes: memory per call is bounded, not per file.
    const site = await start({ maxResponseBytes: 2 * 1024 * 1024 });
    const file = site.fake.site.addFile({
      filename: 'six.bin',
      bytes: new Uint8Array(3 * 1024 * 1024).map((_, index) => (index * 2654435761) >>> 24),
    });
    const { fetch, seen } = recordingFetch();
    const hub = new NativeClient({ relay: site.relayUrl, fetch });
    const blob = await hub.files.downloadBlob(file.file_id, { chunkSize: 1024 * 1024, concurrency: 2 });
    expect(blob.size).toBe(file.filesize);
    expect(await sha256(await blob.arrayBuffer())).toBe(file.sha256);
    const { username, password } = site.fake.credentials.channel;
    const basic = Buffer.from(`${username}:${password}`).toString('base64');
    for (const answer of seen) {
      expect(answer).not.toContain(password);
      expect(answer).not.toContain(basic);
      expect(answer.toLowerCase()).not.toContain('set-cookie');
      expect(answer.toLowerCase()).not.toContain('phpsessid');
    }
  });

  it('refuses what the allow-list does not have, with the relay’s code, before reaching the site', async () => {
    const site = await start();
    const app = new AppClient({ relay: site.relayUrl, retry: 0 });
    const hub = new NativeClient({ relay: site.relayUrl, retry: 0 });
    const before = site.fake.site.requests.length;
    for (const call of [
      () => app.notification.get(),
      () => app.photo.addPhoto({ photo: new Uint8Array([1]), photo_name: 'x.jpg' }),
      () => hub.channel.exportBasic(),
      () => hub.items.update({ body: 'hello' }),
    ]) {
      const error = await call().then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 403, code: 'relay.forbidden' });
    }
    expect(site.fake.site.requests.length).toBe(before);
  });

  it('asks authorize for every call, and refuses when it says no', async () => {
    const calls: unknown[] = [];
    const site = await start({
      authorize: (request, call) => {
        calls.push(call);
        return request.headers.get('x-session') === 'good';
      },
    });
    const denied = new NativeClient({ relay: site.relayUrl, retry: 0 });
    await expect(denied.groups.list()).rejects.toMatchObject({ status: 403, code: 'relay.forbidden' });
    const allowed = new NativeClient({ relay: site.relayUrl, headers: { 'X-Session': 'good' } });
    expect((await allowed.groups.list()).length).toBeGreaterThan(0);
    expect(calls).toEqual([
      { api: 'hub', endpoint: 'group', httpMethod: 'GET' },
      { api: 'hub', endpoint: 'group', httpMethod: 'GET' },
    ]);
  });

  it('answers 401 without a token for the session, and never relays token.php', async () => {
    const site = await start({ app: { token: () => undefined } });
    const app = new AppClient({ relay: site.relayUrl, retry: 0 });
    await expect(app.user.getUser()).rejects.toBeInstanceOf(AuthenticationError);
    const exchange = await fetch(`${site.relayUrl}token.php?key=${site.fake.credentials.appKey}`);
    expect(exchange.status).toBe(403);
    expect(await exchange.json()).toMatchObject({ error: 'relay.forbidden' });
  });

  it('opens writes per endpoint and method only', async () => {
    const site = await start({ hub: { allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] } } });
    const hub = new NativeClient({ relay: site.relayUrl });
    const posted = await hub.items.update({ body: 'through the relay' });
    expect(posted.item.body).toBe('through the relay');
    // The same endpoint by GET (which Hubzilla would also take as a write) stays refused.
    const byGet = await fetch(`${site.relayUrl}api/z/1.0/item/update?body=sneaky`);
    expect(byGet.status).toBe(403);
  });

  it('keeps the hub’s 401 typed but drops WWW-Authenticate (no password prompt in the page)', async () => {
    const site = await start({ hub: { password: 'not her password' } });
    const answer = await fetch(`${site.relayUrl}api/z/1.0/group`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(answer.headers.get('set-cookie')).toBeNull();
    const hub = new NativeClient({ relay: site.relayUrl });
    await expect(hub.groups.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('refuses a body over maxRequestBytes with 413, and a slow site with 504', async () => {
    const site = await start({
      maxRequestBytes: 1024,
      timeout: 300,
      app: { allow: [...DEFAULT_APP_ALLOW, 'photo.addPhoto'] },
    });
    const app = new AppClient({ relay: site.relayUrl, retry: 0 });
    await expect(
      app.photo.addPhoto({ photo: new Uint8Array(4096), photo_name: 'big.jpg' }),
    ).rejects.toMatchObject({ status: 413, code: 'relay.request_too_large' });
    site.fake.site.faults = { latencyMs: 5_000 };
    await expect(app.user.getUser()).rejects.toMatchObject({ status: 504, code: 'relay.timeout' });
  });
});
