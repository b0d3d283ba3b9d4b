import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, AppClient, ConnectionError } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

/*
 * Issue 30 for phpFox: no App API write can be recognised when repeated, so writes are sent once
 * (over real HTTP against the fake), and their errors say whether they may have been applied.
 */

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => server.site.reset());

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

let attempts = 0;
async function signIn(): Promise<AppClient> {
  const app = await AppClient.fromKey(server.credentials.appKey, { baseUrl: server.appBaseUrl });
  attempts = 0;
  return new AppClient({
    baseUrl: server.appBaseUrl,
    token: app.token,
    retry: { limit: 2, delay: () => 0 },
    fetch: (input, init) => {
      attempts++;
      return globalThis.fetch(input, init);
    },
  });
}
const photos = () => server.site.state.app.photos.length;

describe('phpFox writes are sent once and say whether they may have been applied', () => {
  it('photo.addPhoto whose connection drops after the photo was stored: one photo, mayHaveSucceeded', async () => {
    const app = await signIn();
    const before = photos();
    server.site.faults = { fail: [{ path: 'api.php', resetAfterBytes: 0 }] };
    const error = await app.photo.addPhoto({ photo: PNG, photo_name: 'once.png' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).mayHaveSucceeded).toBe(true);
    expect(attempts).toBe(1);
    expect(photos()).toBe(before + 1);
  });

  it('photo.addPhoto refused by phpFox (its error in a 200): mayHaveSucceeded false', async () => {
    const app = await signIn();
    const error = await app.photo
      .addPhoto({ photo: new Uint8Array([1, 2, 3]), photo_name: 'bad.png' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(200);
    expect((error as ApiError).mayHaveSucceeded).toBe(false);
  });

  it('app.call of a method that writes by its name is sent once, even as a GET', async () => {
    const app = await signIn();
    server.site.faults = { fail: [{ path: 'api.php', status: 503 }] };
    const error = await app.call('user.updateStatus', { user_status: 'Hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).mayHaveSucceeded).toBe(true);
    expect(attempts).toBe(1);
  });

  it('a read through app.call is still retried, and its error never says it may have succeeded', async () => {
    const app = await signIn();
    server.site.faults = { fail: [{ path: 'api.php', status: 503 }] };
    await expect(app.call('user.getUser', {})).resolves.toMatchObject({
      output: { user_id: expect.any(Number) },
    });
    expect(attempts).toBe(2);
    server.site.faults = { fail: [{ path: 'api.php', status: 503, times: 5 }] };
    const error = await app.user.getUser().catch((e: unknown) => e);
    expect((error as ApiError).mayHaveSucceeded).toBe(false);
  });
});
