import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../../src/testing/index.js';
import { basic, call, form, hub } from '../helpers.js';
import { clientToken, expectLoginRefused } from './helpers.js';

const site = createFakeSite();
const token = await clientToken(site);
const bearer = { Authorization: `Bearer ${token}` };

describe('Authorization: Bearer on api/z/1.0', () => {
  it.each([
    ['channel/list', (body: unknown) => expect(body).toEqual(['alice', 'alice2'])],
    ['verify', (body: unknown) => expect(body).toMatchObject({ channel_address: 'alice' })],
    ['files', (body: unknown) => expect(body).toMatchObject({ success: true })],
    ['group', (body: unknown) => expect(Array.isArray(body)).toBe(true)],
    ['channel/stream', (body: unknown) => expect(Array.isArray(body)).toBe(true)],
  ])("acts as the client's channel on %s", async (path, check) => {
    const response = await hub(site, path, { headers: bearer });
    expect(response.status).toBe(200);
    check(await response.json());
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it('posts as alice with a Bearer token', async () => {
    const response = await hub(site, 'item/update', {
      method: 'POST',
      headers: bearer,
      body: form({ body: 'posted with OAuth' }),
    });
    expect(await response.json()).toMatchObject({ success: true, item: { body: 'posted with OAuth' } });
  });

  it('takes the token from ?access_token= or a urlencoded POST body, and any case of "Bearer"', async () => {
    const viaQuery = await call(site, `api/z/1.0/channel/list?access_token=${token}`);
    expect(await viaQuery.json()).toEqual(['alice', 'alice2']);
    const viaBody = await call(site, 'api/z/1.0/channel/list', {
      method: 'POST',
      body: form({ access_token: token }),
    });
    expect(await viaBody.json()).toEqual(['alice', 'alice2']);
    const lower = await hub(site, 'channel/list', { headers: { Authorization: `bearer ${token}` } });
    expect(lower.status).toBe(200);
  });

  it.each([
    ['an unknown token', { headers: { Authorization: `Bearer ${'0'.repeat(40)}` } }, 'channel/list'],
    [
      'a token in the header and the query at once',
      { headers: bearer },
      `channel/list?access_token=${token}`,
    ],
    ['a malformed Bearer header', { headers: { Authorization: 'Bearer' } }, 'channel/list'],
  ])('answers %s with the 401 of a failed login', async (_, init, path) => {
    await expectLoginRefused(await call(site, `api/z/1.0/${path}`, init));
  });

  it('lets a Basic login through when the query also carries a token (two methods: the token is ignored)', async () => {
    const response = await call(site, `api/z/1.0/channel/list?access_token=${token}`, {
      headers: { Authorization: basic('bob', 'bob-pass') },
    });
    expect(await response.json()).toEqual(['bob']);
  });

  it('logs the PHP session in, so the cookie alone works afterwards', async () => {
    const first = await hub(site, 'channel/list', { headers: bearer });
    const cookie = first.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const again = await call(site, 'api/z/1.0/channel/list', { headers: { Cookie: cookie } });
    expect(await again.json()).toEqual(['alice', 'alice2']);
  });

  it('refuses a token after the site is reset (the seeded state has no tokens)', async () => {
    const own = createFakeSite();
    const ownToken = await clientToken(own);
    own.reset();
    await expectLoginRefused(
      await hub(own, 'channel/list', { headers: { Authorization: `Bearer ${ownToken}` } }),
    );
  });
});
