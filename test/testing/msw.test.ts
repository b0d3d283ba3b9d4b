import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { fakeHandlers } from '../../src/testing/msw.js';
import { basic } from './helpers.js';

const site = createFakeSite();
const server = setupServer(...fakeHandlers(site, { baseUrl: 'https://fake.test' }));
const headers = { Authorization: basic('alice', 'secret-pass') };

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  site.reset();
});
afterAll(() => server.close());

describe('fakeHandlers (msw)', () => {
  it('answers both interfaces through fetch', async () => {
    const token = await (await fetch(`https://fake.test/token.php?key=${site.credentials.appKey}`)).json();
    const query = new URLSearchParams({ token: token.token, method: 'friend.getFriends' });
    const friends = await (await fetch(`https://fake.test/api.php?${query}`)).json();
    expect(friends.output).toHaveLength(10);
    const response = await fetch('https://fake.test/api/z/1.0/channel/list', { headers });
    expect(await response.json()).toEqual(['alice', 'alice2']);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it('passes multipart uploads and the 401 through unchanged', async () => {
    const denied = await fetch('https://fake.test/api/z/1.0/files');
    expect([denied.status, denied.headers.get('www-authenticate'), await denied.text()]).toEqual([
      401,
      'Basic realm="hubzilla"',
      'This api requires login',
    ]);
    const body = new FormData();
    body.set('body', 'hello from msw');
    const created = await (
      await fetch('https://fake.test/api/z/1.0/item/update', { method: 'POST', body, headers })
    ).json();
    expect(created).toMatchObject({ success: true, item: { body: 'hello from msw' } });
  });

  it('turns a reset into a body that fails mid-way, without the internal marker', async () => {
    site.faults = { filedata: [{ offset: 0, fault: 'reset' }] };
    const url = `https://fake.test/api/z/1.0/filedata?file_id=${site.files.notes.file_id}&start=0&length=10`;
    const response = await fetch(url, { headers });
    expect(response.headers.has('x-fake-reset-after')).toBe(false);
    await expect(response.text()).rejects.toThrow();
  });

  it('refuses a baseUrl whose path is not the site base path', () => {
    expect(() => fakeHandlers(site, { baseUrl: 'https://fake.test/other/' })).toThrow(/base path/);
    expect(fakeHandlers(createFakeSite({ basePath: '/social' }))).toHaveLength(1);
  });
});
