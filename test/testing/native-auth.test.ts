import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { loadHubzillaFixture } from '../support/fixtures.js';
import { ALICE, basic, call, hub } from './helpers.js';

const site = createFakeSite();
const list = (headers: Record<string, string>) => call(site, 'api/z/1.0/channel/list', { headers });
const cookiesOf = (response: Response) => response.headers.getSetCookie();
const recordedHeader = (name: string, header: string) =>
  loadHubzillaFixture(name).headers.find(([key]) => key.toLowerCase() === header)?.[1];

describe('HTTP Basic', () => {
  it('answers a missing login 401 exactly like Hubzilla (body, realm, content type, two cookies)', async () => {
    const response = await call(site, 'api/z/1.0/channel/list');
    const recorded = loadHubzillaFixture('01-auth-no_credentials');
    expect(response.status).toBe(recorded.status);
    expect(await response.text()).toBe(recorded.body);
    expect(response.headers.get('www-authenticate')).toBe(
      recordedHeader('01-auth-no_credentials', 'www-authenticate'),
    );
    expect(response.headers.get('content-type')).toBe(
      recordedHeader('01-auth-no_credentials', 'content-type'),
    );
    expect(cookiesOf(response)).toHaveLength(2);
    expect(cookiesOf(response)[0]).toMatch(/^PHPSESSID=[a-v0-9]{26}; path=\/; HttpOnly; SameSite=None$/);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it.each([
    ['a wrong password', basic('alice', 'wrong-pass')],
    ['nick@host', basic(`alice@${new URL(site.url).host}`, 'secret-pass')],
    ['a colon password with the `Basic` scheme', basic('carol', 'colon:pass')],
    ['a colon password and e-mail with `Basic`', basic('carol@example.com', 'colon:pass')],
    ['another scheme', 'Bearer abc'],
  ])('refuses %s with 401', async (_, authorization) => {
    const response = await list({ Authorization: authorization });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('This api requires login');
  });

  it.each([
    ['the nickname', basic('alice', 'secret-pass'), ['alice', 'alice2']],
    ['the e-mail', basic('alice@example.com', 'secret-pass'), ['alice', 'alice2']],
    ['the nickname in another case', basic('Alice', 'secret-pass'), ['alice', 'alice2']],
    ['the e-mail in another case', basic('Alice@Example.com', 'secret-pass'), ['alice', 'alice2']],
    ['the lower-case scheme', basic('alice', 'secret-pass', 'basic'), ['alice', 'alice2']],
    ['a colon password with the lower-case `basic` scheme', basic('carol', 'colon:pass', 'basic'), ['carol']],
    ['bob', basic('bob', 'bob-pass'), ['bob']],
  ])('accepts %s', async (_, authorization, channels) => {
    const response = await list({ Authorization: authorization });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(channels);
    expect(cookiesOf(response)).toHaveLength(2);
  });

  it('matches the recorded colon-password exchanges', async () => {
    for (const name of [
      '05-auth-password_with_colon',
      '05c-auth-password_with_colon_lowercase_basic_scheme',
    ]) {
      const recorded = loadHubzillaFixture(name);
      const authorization = name.startsWith('05c')
        ? 'basic Y2Fyb2w6Y29sb246cGFzcw=='
        : basic('carol', 'colon:pass');
      const response = await list({ Authorization: authorization });
      expect(response.status).toBe(recorded.status);
      expect(await response.text()).toBe(recorded.body);
    }
  });
});

describe('the PHP session cookie', () => {
  it('authenticates later requests by itself: no Authorization, a wrong one, or another user', async () => {
    const login = await list(ALICE);
    const cookie = cookiesOf(login)[0]?.split(';')[0] ?? '';
    expect(cookie).toMatch(/^PHPSESSID=/);
    for (const authorization of [undefined, basic('alice', 'wrong-pass'), basic('bob', 'bob-pass')]) {
      const headers: Record<string, string> = { Cookie: cookie };
      if (authorization) headers.Authorization = authorization;
      const response = await list(headers);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(['alice', 'alice2']);
      expect(cookiesOf(response)).toEqual([]);
    }
  });

  it('does not log in with the cookie of a failed login or of `version`', async () => {
    const failed = cookiesOf(await list({}))[0]?.split(';')[0] ?? '';
    expect((await list({ Cookie: failed })).status).toBe(401);
    const version = cookiesOf(await call(site, 'api/z/1.0/version'))[0]?.split(';')[0] ?? '';
    expect((await list({ Cookie: version })).status).toBe(401);
  });
});

describe('channels', () => {
  it('switches to another channel of the account with channel=<nick>', async () => {
    expect(await (await hub(site, 'channel/stream?channel=alice2')).json()).toEqual([]);
  });

  it.each(['nobody', 'bob'])(
    'answers channel=%s (unknown or another account) with an empty 200',
    async (nick) => {
      const response = await hub(site, `channel/list?channel=${nick}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(await response.text()).toBe('');
    },
  );
});

describe('routing', () => {
  it('serves version without login: the JSON string "8.8.7", one cookie', async () => {
    const response = await call(site, 'api/z/1.0/version');
    expect(await response.text()).toBe(loadHubzillaFixture('00-version-get').body);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(cookiesOf(response)).toHaveLength(1);
    expect(await (await call(site, 'api/z/1.0/version.xml')).text()).toBe(
      loadHubzillaFixture('10i-version_xml_suffix').body,
    );
  });

  it('answers an unknown endpoint 404 {"error":"not implemented"} before any login', async () => {
    for (const init of [{}, { headers: ALICE }]) {
      const response = await call(site, 'api/z/1.0/nope', init);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('{"error":"not implemented"}');
    }
    expect((await hub(site, '')).status).toBe(404);
    const xml = await hub(site, 'nope.xml');
    expect([xml.status, xml.headers.get('content-type'), await xml.text()]).toEqual([
      404,
      'text/xml;charset=UTF-8',
      loadHubzillaFixture('10c-unknown-endpoint_xml_suffix').body,
    ]);
  });

  it.each([
    ['channel/list.json', 200],
    ['channel/list/', 200],
    ['channel/list.xml', 200],
    ['channel/list.foo', 200],
    ['channel/list.rss', 404],
  ])('treats the suffix of %s like Hubzilla (%i)', async (path, status) => {
    const response = await hub(site, path);
    expect(response.status).toBe(status);
    if (status === 200) expect(await response.json()).toEqual(['alice', 'alice2']);
  });

  it('serves the api/red alias', async () => {
    expect(await (await call(site, 'api/red/channel/list', { headers: ALICE })).json()).toEqual([
      'alice',
      'alice2',
    ]);
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'])('runs the handler for %s', async (method) => {
    expect(await (await hub(site, 'channel/list', { method })).json()).toEqual(['alice', 'alice2']);
  });

  it('answers OPTIONS 401 without credentials (no CORS), and runs the handler with them', async () => {
    const preflight = await call(site, 'api/z/1.0/channel/list', {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await hub(site, 'channel/list', { method: 'OPTIONS' })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await call(site, 'api/z/1.0/version', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('');
  });

  it('ignores a JSON body (only form fields count)', async () => {
    const response = await hub(site, 'item/update', {
      method: 'POST',
      headers: { ...ALICE, 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'json body post' }),
    });
    expect(await response.text()).toBe(loadHubzillaFixture('11e-method-POST_json_body_ignored').body);
  });

  it('mounts below basePath and answers 404 outside it', async () => {
    const mounted = createFakeSite({ basePath: '/social' });
    expect(mounted.url).toBe('https://fake.test/social/');
    expect((await call(mounted, 'api/z/1.0/version')).status).toBe(200);
    expect((await mounted.handler(new Request('https://fake.test/api/z/1.0/version'))).status).toBe(404);
  });
});
