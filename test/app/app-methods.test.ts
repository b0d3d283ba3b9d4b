import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppClient, AuthenticationError, NotFoundError, SdkError } from '../../src/index.js';
import { useMswServer } from '../support/msw.js';
import { apiHandler, envelope, phpfox, SITE, sample, TOKEN } from './phpfox.js';

const { server, requests } = useMswServer();
const app = () => new AppClient({ baseUrl: SITE, token: TOKEN, retry: { limit: 2, delay: () => 0 } });

describe('AppClient.fromKey', () => {
  it('trades the key at token.php, URL-encoded, and keeps the token', async () => {
    server.use(http.get(`${SITE}/token.php`, () => phpfox(sample('token'))));
    const client = await AppClient.fromKey('k+y/=&x', { baseUrl: `${SITE}/` });
    expect(client.token).toBe((sample('token') as { token: string }).token);
    expect(new URL(requests[0]!.url).searchParams.get('key')).toBe('k+y/=&x');
    expect(requests[0]!.url).toContain('key=k%2By%2F%3D%26x');
  });

  it('turns the envelope error of a rejected key into AuthenticationError with the error_id', async () => {
    server.use(
      http.get(`${SITE}/token.php`, () =>
        phpfox(
          envelope({ error_id: 'api.unable_to_find_api_key', error_message: 'Unable to find API key.' }),
        ),
      ),
    );
    const error = await AppClient.fromKey('bad-key-value', { baseUrl: SITE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'api.unable_to_find_api_key', status: 200 });
    expect(String(error)).not.toContain('bad-key-value');
  });

  it('treats the API being switched off and an empty token as authentication failures', async () => {
    server.use(
      http.get(`${SITE}/token.php`, () =>
        phpfox(envelope({ error_id: 'api.enable_api_support', error_message: 'Enable API support.' })),
      ),
    );
    await expect(AppClient.fromKey('key1', { baseUrl: SITE })).rejects.toMatchObject({
      name: 'AuthenticationError',
      code: 'api.enable_api_support',
    });
    server.use(http.get(`${SITE}/token.php`, () => phpfox({ token: '' })));
    await expect(AppClient.fromKey('key1', { baseUrl: SITE })).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('refuses an empty key before any request', async () => {
    await expect(AppClient.fromKey('', { baseUrl: SITE })).rejects.toBeInstanceOf(SdkError);
    expect(requests).toHaveLength(0);
  });
});

describe('AppClient methods', () => {
  it('sends the token URL-encoded (it holds +, / and =) with the method on every call', async () => {
    server.use(apiHandler(() => sample('user.getUser')));
    await app().user.getUser();
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api.php');
    expect(url.searchParams.get('token')).toBe(TOKEN);
    expect(url.searchParams.get('method')).toBe('user.getUser');
    expect(requests[0]!.url).not.toContain('+');
  });

  it('user.getUser returns the documented types from string ids, text/html and all', async () => {
    server.use(apiHandler(() => sample('user.getUser')));
    const user = await app().user.getUser({ user_id: 1 });
    expect(user).toMatchObject({
      user_id: 1,
      joined: 1314109907,
      email: 'john.doe@site.com',
      gender: 'Male',
    });
    expect(new URL(requests[0]!.url).searchParams.get('user_id')).toBe('1');
  });

  it('user.getUser of an unknown user is a NotFoundError carrying the error_id', async () => {
    server.use(
      apiHandler(() =>
        envelope({
          error: true,
          error_id: 'user.user_cannot_be_found',
          error_message: 'User cannot be found.',
        }),
      ),
    );
    const error = await app()
      .user.getUser({ user_id: 999 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'user.user_cannot_be_found', status: 200 });
    expect((error as Error).message).toContain('User cannot be found.');
  });

  it('a 3.5+ method error without error_id still maps by its message', async () => {
    server.use(apiHandler(() => envelope({ error: true, error_message: 'User cannot be found.' })));
    const error = await app()
      .user.getUser({ user_id: 999 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: undefined });
    server.use(apiHandler(() => envelope({ error: true, error_message: 'Something else went wrong.' })));
    const other = await app()
      .user.getUser()
      .catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(NotFoundError);
    expect(other).toMatchObject({ name: 'ApiError', status: 200 });
  });

  it('a bad token is an AuthenticationError', async () => {
    server.use(apiHandler(() => sample('user.getUser')));
    const client = new AppClient({ baseUrl: SITE, token: 'revoked+token' });
    await expect(client.user.getUser()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('friend.isFriend resolves to a boolean from true, false, 1 and "0"', async () => {
    const answers = [true, false, 1, '0'];
    server.use(apiHandler(() => envelope({ is_friend: answers.shift() })));
    const client = app();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await client.friend.isFriend({ friend_user_id: 2 }));
    expect(results).toEqual([true, false, true, false]);
    expect(new URL(requests[0]!.url).searchParams.get('friend_user_id')).toBe('2');
  });

  it('friend.isFriend without friend_user_id throws before any request', async () => {
    // @ts-expect-error: the parameter is required
    await expect(app().friend.isFriend({})).rejects.toBeInstanceOf(SdkError);
    expect(() => app().friend.getFriends({ page: -1 })).toThrow(SdkError);
    expect(requests).toHaveLength(0);
  });

  it('mail and notification counts resolve to numbers', async () => {
    server.use(
      apiHandler((method) =>
        method === 'mail.getNewCount' ? sample('mail.getNewCount') : envelope('5', { total: 5 }),
      ),
    );
    await expect(app().mail.getNewCount()).resolves.toBe(1);
    await expect(app().notification.getNewCount()).resolves.toBe(5);
  });

  it('notification.get keeps HTML messages and null icons', async () => {
    const items = [{ notification_id: '3', link: 'l', message: '<b>Jane</b> commented', icon: null }];
    server.use(apiHandler(() => envelope(items)));
    const page = await app().notification.get();
    expect(page.items).toEqual([
      { notification_id: 3, link: 'l', message: '<b>Jane</b> commented', icon: null },
    ]);
  });

  it('photo.getPhotos returns the photo records', async () => {
    server.use(apiHandler(() => sample('photo.getPhotos')));
    const page = await app().photo.getPhotos();
    expect(page.items[0]?.photo_original).toMatch(/c81e728d9d4c2f636f067f89cc14862c\.jpg$/);
  });

  it('call() types known methods, validates them, and passes unknown ones through', async () => {
    server.use(
      apiHandler((method) =>
        method === 'user.getUser' ? sample('user.getUser') : envelope({ anything: ['goes'] }, { total: 3 }),
      ),
    );
    const known = await app().call('user.getUser', { user_id: 1 });
    expect(known.output.user_id).toBe(1);
    const unknown = await app().call('blog.getBlogs', { page: 2 });
    expect(unknown).toEqual({ api: { total: 3, current_page: null }, output: { anything: ['goes'] } });
    expect(new URL(requests[1]!.url).searchParams.get('page')).toBe('2');
    await expect(app().call('nonsense' as 'a.b')).rejects.toBeInstanceOf(SdkError);
  });
});
