import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { loadPhpfoxSample } from '../support/fixtures.js';
import { app, appToken, call, fields } from './helpers.js';

const site = createFakeSite();

describe('token.php', () => {
  it('answers a bare {"token"} with +, / and = in it, as HTTP 200 text/html', async () => {
    const response = await call(site, `token.php?key=${site.credentials.appKey}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['token']);
    expect(body.token).toMatch(/\+/);
    expect(body.token).toMatch(/\//);
    expect(body.token).toMatch(/=$/);
    expect(fields(body)).toEqual(fields(loadPhpfoxSample('token')));
  });

  it('keeps the key usable, and a new token cancels the previous one', async () => {
    const first = await appToken(site);
    const second = await appToken(site);
    expect(second).not.toBe(first);
    expect((await app(site, second, 'user.getUser')).body.output).toMatchObject({ user_id: '1' });
    expect((await app(site, first, 'user.getUser')).body.output).toEqual({
      error_id: 'api.unable_to_find_api_key',
      error_message: 'Unable to find API key.',
    });
  });

  it('answers a bad key with an HTTP 200 envelope error (no `error` member)', async () => {
    const response = await call(site, 'token.php?key=nope');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      api: { total: 0, pages: 0, current_page: 0 },
      output: { error_id: 'api.unable_to_find_api_key', error_message: 'Unable to find API key.' },
    });
  });

  it('answers api.enable_api_support when the API is off', async () => {
    const off = createFakeSite({ appApiEnabled: false });
    const body = await (await call(off, `token.php?key=${off.credentials.appKey}`)).json();
    expect(body).toMatchObject({ output: { error_id: 'api.enable_api_support' } });
  });
});

describe('api.php transport', () => {
  it('fails a token whose + arrived as a space (not URL-encoded)', async () => {
    const token = await appToken(site);
    const response = await call(site, `api.php?token=${token}&method=user.getUser`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ output: { error_id: 'api.unable_to_find_api_key' } });
  });

  it('takes token and method from a POST form as well as from the query', async () => {
    const token = await appToken(site);
    const response = await call(site, 'api.php', {
      method: 'POST',
      body: new URLSearchParams({ token, method: 'mail.getNewCount' }),
    });
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.json()).toEqual({ api: { total: 0, pages: 0, current_page: 0 }, output: 3 });
  });

  it.each([
    [{}, 'api.method_not_defined'],
    [{ method: 'friend' }, 'api.method_not_correctly_defined'],
    [{ method: 'nosuchmodule.get' }, '5'],
    [{ method: 'friend.getEnemies' }, 'api.method_not_valid_for_module'],
    // 3.0.1's mail module has an API service, without 3.9's mail.get (as 3.0.1 answers live).
    [{ method: 'mail.get' }, 'api.method_not_valid_for_module'],
  ])('answers envelope-level errors in `output`: %o -> %s', async (query, errorId) => {
    const token = await appToken(site);
    const response = await call(site, `api.php?${new URLSearchParams({ token, ...query })}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { output: Record<string, unknown> };
    expect(Object.keys(body.output)).toEqual(['error_id', 'error_message']);
    expect(body.output.error_id).toBe(errorId);
  });

  it.each(['poll.get', 'blog.getBlogs', 'blog.get'])(
    'answers %s (a module without API service on 3.0.1) with HTTP 500 and an empty body, as 3.0.1 does',
    async (method) => {
      const token = await appToken(site);
      const response = await call(site, `api.php?${new URLSearchParams({ token, method })}`);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('');
    },
  );

  it('on 3.9: blog has an API service (blog.getBlogs is not one of its methods), poll has none', async () => {
    const site39 = createFakeSite({ envelope: '3.9' });
    const token = await appToken(site39);
    const answer = async (method: string) =>
      call(site39, `api.php?${new URLSearchParams({ token, method })}`);
    expect(await (await answer('blog.getBlogs')).json()).toMatchObject({
      output: { error_id: 'api.method_not_valid_for_module' },
    });
    expect(await (await answer('blog.get')).json()).toEqual({
      api: { total: 0, current_page: '' },
      output: [],
    });
    const poll = await answer('poll.get');
    expect([poll.status, await poll.text()]).toEqual([500, '']);
  });
});

describe('api.php methods (phpFox 3.0)', () => {
  it('user.getUser: the sample shape, database values as strings', async () => {
    const token = await appToken(site);
    const { body } = await app(site, token, 'user.getUser');
    const sample = loadPhpfoxSample('user.getUser') as { output: unknown; api: unknown };
    expect(body.api).toEqual(sample.api);
    expect(fields(body.output)).toEqual(fields(sample.output));
    expect(body.output).toMatchObject({ user_id: '1', user_name: 'john-doe', full_name: 'John Doe' });
  });

  it('user.getUser: null e-mail and country, unset gender read "Female"; unknown user is a method error', async () => {
    const token = await appToken(site);
    const quirky = (await app(site, token, 'user.getUser', { user_id: '12' })).body.output;
    expect(quirky).toMatchObject({ email: null, country_iso: null, gender: 'Female' });
    expect((await app(site, token, 'user.getUser', { user_id: '999' })).body.output).toEqual({
      error: true,
      error_id: 'user.user_cannot_be_found',
      error_message: 'User cannot be found.',
    });
  });

  it('friend.getFriends: pages of 10 (1-based), 0/missing/junk give the first, past the end the LAST again', async () => {
    const token = await appToken(site);
    const page = async (value?: string) => {
      const { body } = await app(
        site,
        token,
        'friend.getFriends',
        value === undefined ? {} : { page: value },
      );
      return body.output as { user_id: string }[];
    };
    const [one, two, three] = [await page('1'), await page('2'), await page('3')];
    expect([one.length, two.length, three.length]).toEqual([10, 10, 3]);
    expect(new Set([...one, ...two, ...three].map((f) => f.user_id)).size).toBe(23);
    for (const first of [undefined, '0', 'junk', '-3']) expect(await page(first)).toEqual(one);
    expect(await page('4')).toEqual(three);
    expect(await page('99')).toEqual(three);
    const sample = loadPhpfoxSample('friend.getFriends') as { output: unknown[] };
    expect(fields(one[0])).toEqual(fields(sample.output[0]));
    const { body } = await app(site, token, 'friend.getFriends');
    expect(body.api).toEqual({ total: 23, pages: 0, current_page: 0 });
  });

  it('friend.getFriends: an unknown user gives []; a private list is the method error friend.get_friends', async () => {
    const token = await appToken(site);
    expect((await app(site, token, 'friend.getFriends', { user_id: '999' })).body.output).toEqual([]);
    expect((await app(site, token, 'friend.getFriends', { user_id: '29' })).body.output).toMatchObject({
      error: true,
      error_id: 'friend.get_friends',
    });
  });

  it('friend.isFriend: a JSON boolean; a missing friend_user_id is a method error', async () => {
    const token = await appToken(site);
    expect((await app(site, token, 'friend.isFriend', { friend_user_id: '7' })).body.output).toEqual({
      is_friend: true,
    });
    expect((await app(site, token, 'friend.isFriend', { friend_user_id: '30' })).body.output).toEqual({
      is_friend: false,
    });
    expect((await app(site, token, 'friend.isFriend')).body.output).toMatchObject({
      error: true,
      error_id: 'friend.method_requires_friend_user_id',
    });
    const sample = loadPhpfoxSample('friend.isFriend') as { output: unknown };
    expect(fields((await app(site, token, 'friend.isFriend', { friend_user_id: '7' })).body.output)).toEqual(
      fields(sample.output),
    );
  });

  it('mail.getNewCount and notification.getNewCount: bare integers, user_id ignored', async () => {
    const fresh = createFakeSite();
    const token = await appToken(fresh);
    expect((await app(fresh, token, 'mail.getNewCount', { user_id: '7' })).body.output).toBe(3);
    const { body } = await app(fresh, token, 'notification.getNewCount', { user_id: '7' });
    expect(body).toEqual({ api: { total: 5, pages: 0, current_page: 0 }, output: 5 });
  });

  it('notification.get: at most 5, page ignored, and what it returns is marked seen', async () => {
    const fresh = createFakeSite();
    const token = await appToken(fresh);
    const first = (await app(fresh, token, 'notification.get', { page: '2' })).body.output as Record<
      string,
      unknown
    >[];
    expect(first).toHaveLength(5);
    expect(fields(first[0])).toEqual(
      fields((loadPhpfoxSample('notification.get') as { output: unknown[] }).output[0]),
    );
    expect(first.some((n) => n.icon === null)).toBe(true);
    expect(first.some((n) => String(n.message).includes('<'))).toBe(true);
    expect((await app(fresh, token, 'notification.getNewCount')).body.output).toBe(0);
    expect((await app(fresh, token, 'notification.get')).body.output).toEqual(first);
  });

  it('photo.getPhotos: the sample shape, 1-based pages repeating the last', async () => {
    const token = await appToken(site);
    const page = async (value: string) =>
      (await app(site, token, 'photo.getPhotos', { page: value })).body.output as unknown[];
    expect((await page('1')).length).toBe(10);
    expect((await page('2')).length).toBe(4);
    expect(await page('3')).toEqual(await page('2'));
    const sample = loadPhpfoxSample('photo.getPhotos') as { output: unknown[] };
    expect(fields((await page('1'))[0])).toEqual(fields(sample.output[0]));
  });
});
