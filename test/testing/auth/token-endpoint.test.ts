import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../../src/testing/index.js';
import { basic, call, form, hub } from '../helpers.js';
import { clientBasic, clientToken, expectLoginRefused, oauthFailure, tokenRequest } from './helpers.js';

const site = createFakeSite();
const invalidClient = { error: 'invalid_client', error_description: 'The client credentials are invalid' };

describe('POST /token, client_credentials', () => {
  it('answers the Basic-authenticated client with a Bearer token, as 8.8.7 does', async () => {
    const response = await tokenRequest(
      site,
      { grant_type: 'client_credentials' },
      { Authorization: clientBasic(site) },
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /^\{"access_token":"[0-9a-f]{40}","expires_in":3600,"token_type":"Bearer","scope":null\}$/,
    );
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^PHPSESSID=[a-v0-9]{26}; path=\/; HttpOnly; SameSite=None$/),
    ]);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes the credentials from a form body or a JSON body too', async () => {
    const { clientId, clientSecret } = site.credentials.oauthClient;
    const fromForm = await tokenRequest(site, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    const fromJson = await call(site, 'token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    for (const response of [fromForm, fromJson]) {
      expect(response.status).toBe(200);
      expect(Object.keys(await response.json())).toEqual([
        'access_token',
        'expires_in',
        'token_type',
        'scope',
      ]);
    }
  });

  it.each([
    ['a wrong secret', { Authorization: basic('fake-app', 'wrong') }, {}],
    ['an unknown client', { Authorization: basic('nobody', 'fake-app-secret') }, {}],
    ['a wrong secret in the body', {}, { client_id: 'fake-app', client_secret: 'wrong' }],
  ])('refuses %s: 400 invalid_client', async (_, headers, fields) => {
    const response = await tokenRequest(site, { grant_type: 'client_credentials', ...fields }, headers);
    expect(await oauthFailure(response)).toEqual({ status: 400, body: invalidClient });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a missing secret and missing credentials with the library words', async () => {
    expect(
      await oauthFailure(
        await tokenRequest(site, { grant_type: 'client_credentials', client_id: 'fake-app' }),
      ),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_client', error_description: 'client credentials are required' },
    });
    expect(await oauthFailure(await tokenRequest(site, { grant_type: 'client_credentials' }))).toEqual({
      status: 400,
      body: {
        error: 'invalid_client',
        error_description: 'Client credentials were not found in the headers or body',
      },
    });
  });

  it.each(['refresh_token', 'password', 'urn:ietf:params:oauth:grant-type:jwt-bearer'])(
    'does not support the %s grant',
    async (grant) => {
      const response = await tokenRequest(
        site,
        { grant_type: grant, refresh_token: 'x' },
        { Authorization: clientBasic(site) },
      );
      expect(await oauthFailure(response)).toEqual({
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: `Grant type "${grant}" not supported` },
      });
    },
  );

  it('reads grant_type from the body only, and wants POST', async () => {
    const queryOnly = await call(site, 'token?grant_type=client_credentials', {
      method: 'POST',
      headers: { Authorization: clientBasic(site) },
    });
    expect(await oauthFailure(queryOnly)).toEqual({
      status: 400,
      body: {
        error: 'invalid_request',
        error_description: 'The grant type was not specified in the request',
      },
    });
    const get = await call(site, 'token?grant_type=client_credentials');
    expect(get.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await oauthFailure(get)).toEqual({
      status: 405,
      body: {
        error: 'invalid_request',
        error_description: 'The request method must be POST when requesting an access token',
        error_uri: 'http://tools.ietf.org/html/rfc6749#section-3.2',
      },
    });
  });

  it('makes every token request of a client registered with no grants fail unauthorized_client', async () => {
    const blank = site.registerOAuthClient({
      clientId: 'blank-grants',
      clientSecret: 's3cret',
      grantTypes: [],
    });
    expect(blank).toMatchObject({ grantTypes: [], channel: 'alice', redirectUri: '' });
    for (const fields of [
      { grant_type: 'client_credentials' },
      { grant_type: 'authorization_code', code: 'x' },
    ]) {
      const response = await tokenRequest(site, fields, { Authorization: basic('blank-grants', 's3cret') });
      const failure = await oauthFailure(response);
      expect(failure.status).toBe(400);
      if (fields.grant_type === 'client_credentials') {
        expect(failure.body).toEqual({
          error: 'unauthorized_client',
          error_description: 'The grant type is unauthorized for this client_id',
        });
      } else {
        // The code is checked first, as the library does.
        expect(failure.body.error).toBe('invalid_grant');
      }
    }
  });

  it("answers a requested scope, and refuses one outside the client's scopes", async () => {
    const scoped = site.registerOAuthClient({ clientId: 'scoped', clientSecret: 'sc', scope: 'read write' });
    const auth = { Authorization: basic(scoped.clientId, scoped.clientSecret) };
    const granted = await tokenRequest(site, { grant_type: 'client_credentials', scope: 'read' }, auth);
    expect((await granted.json()).scope).toBe('read');
    const own = await tokenRequest(site, { grant_type: 'client_credentials' }, auth);
    expect((await own.json()).scope).toBe('read write');
    const refused = await tokenRequest(site, { grant_type: 'client_credentials', scope: 'admin' }, auth);
    expect(await oauthFailure(refused)).toEqual({
      status: 400,
      body: { error: 'invalid_scope', error_description: 'The scope requested is invalid for this request' },
    });
  });
});

describe('registered clients and token lifetime', () => {
  it('registers a client for another channel, whose tokens act as that channel', async () => {
    const bobs = site.registerOAuthClient({ clientId: 'bobs-app', channel: 'bob' });
    expect(bobs.clientSecret).toMatch(/^[0-9a-f]{16}$/);
    expect(bobs.grantTypes).toEqual(['client_credentials', 'authorization_code']);
    const token = await clientToken(site, basic(bobs.clientId, bobs.clientSecret));
    const response = await hub(site, 'channel/list', { headers: { Authorization: `Bearer ${token}` } });
    expect(await response.json()).toEqual(['bob']);
    expect(() => site.registerOAuthClient({ clientId: 'x', channel: 'nobody' })).toThrow(/no channel nobody/);
  });

  it('ends tokens after accessTokenLifetime seconds of the site clock', async () => {
    const shortLived = createFakeSite({ auth: { accessTokenLifetime: 3 } });
    const response = await tokenRequest(
      shortLived,
      { grant_type: 'client_credentials' },
      { Authorization: clientBasic(shortLived) },
    );
    const body = await response.json();
    expect(body.expires_in).toBe(3);
    const bearer = { headers: { Authorization: `Bearer ${body.access_token}` } };
    expect((await hub(shortLived, 'channel/list', bearer)).status).toBe(200);
    expect((await hub(shortLived, 'channel/list', bearer)).status).toBe(200);
    // Each request advances the clock a second: the fourth after issue is past the expiry.
    expect((await hub(shortLived, 'channel/list', bearer)).status).toBe(200);
    await expectLoginRefused(await hub(shortLived, 'channel/list', bearer));
  });

  it('expireTokens() ends every token at once; reset() forgets them', async () => {
    const own = createFakeSite();
    const token = await clientToken(own);
    const bearer = { headers: { Authorization: `Bearer ${token}` } };
    expect((await hub(own, 'channel/list', bearer)).status).toBe(200);
    own.expireTokens();
    await expectLoginRefused(await hub(own, 'channel/list', bearer));
    const fresh = await clientToken(own);
    expect((await hub(own, 'channel/list', { headers: { Authorization: `Bearer ${fresh}` } })).status).toBe(
      200,
    );
    own.reset();
    expect(own.state.hub.accessTokens.size).toBe(0);
    expect(own.state.hub.oauthClients.map((c) => c.client_id)).toEqual(['fake-app']);
  });

  it('does not need the api prefix: /token is a page of the hub, below the base path', async () => {
    const mounted = createFakeSite({ basePath: '/social/' });
    const response = await mounted.handler(
      new Request('https://fake.test/social/token', {
        method: 'POST',
        body: form({ grant_type: 'client_credentials' }),
        headers: { Authorization: clientBasic(mounted) },
      }),
    );
    expect(response.status).toBe(200);
  });
});
