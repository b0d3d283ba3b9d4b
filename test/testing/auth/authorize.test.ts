import { describe, expect, it } from 'vitest';
import { createFakeSite, type FakeSite } from '../../../src/testing/index.js';
import { basic, call, hub } from '../helpers.js';
import {
  authorizeQuery,
  clientBasic,
  locationParams,
  oauthFailure,
  pkcePair,
  tokenRequest,
} from './helpers.js';

const { verifier, challenge } = await pkcePair();

/** GET /authorize for the seeded client with PKCE S256, plus `extra` parameters. */
function authorizeRequest(site: FakeSite, extra: Record<string, string> = {}) {
  return call(site, `authorize?${authorizeQuery(site, challenge, extra)}`);
}

/** Asks /authorize for a code of the seeded client. */
async function codeFor(site: FakeSite, extra: Record<string, string> = {}) {
  const response = await authorizeRequest(site, extra);
  expect(response.status).toBe(302);
  return locationParams(response).get('code') ?? '';
}

/** Exchanges a code, as the seeded client authenticated with Basic. */
function exchange(site: FakeSite, code: string, fields: Record<string, string> = {}) {
  return tokenRequest(
    site,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: site.credentials.oauthClient.redirectUri,
      code_verifier: verifier,
      ...fields,
    },
    { Authorization: clientBasic(site) },
  );
}

describe('discovery', () => {
  it.each(['.well-known/oauth-authorization-server', '.well-known/openid-configuration'])(
    "answers %s with 8.8.7's metadata, field for field",
    async (path) => {
      const site = createFakeSite({ basePath: '/hub/' });
      const response = await call(site, path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.getSetCookie()).toHaveLength(1);
      expect(await response.text()).toBe(
        '{"issuer":"https:\\/\\/fake.test\\/hub","authorization_endpoint":"https:\\/\\/fake.test\\/hub\\/authorize",' +
          '"token_endpoint":"https:\\/\\/fake.test\\/hub\\/token","userinfo_endpoint":"https:\\/\\/fake.test\\/hub\\/userinfo",' +
          '"scopes_supported":["openid","profile","email"],' +
          '"response_types_supported":["code","token","id_token","code id_token","token id_token"]}',
      );
    },
  );
});

describe('authorization code with PKCE (S256)', () => {
  it('redirects at once with the code, the state and (as 8.8.7 does) the client secret', async () => {
    const site = createFakeSite();
    const response = await authorizeRequest(site);
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(
      /^http:\/\/127\.0\.0\.1\/callback\?code=[0-9a-f]{40}&state=st4te&client_secret=fake-app-secret$/,
    );
    expect(await response.text()).toBe('{"client_secret":"fake-app-secret"}');
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('exchanges the code and verifier for a token of the channel (with an unusable refresh token)', async () => {
    const site = createFakeSite();
    const code = await codeFor(site);
    const response = await exchange(site, code);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(['access_token', 'expires_in', 'token_type', 'scope', 'refresh_token']);
    expect(body).toMatchObject({ expires_in: 3600, token_type: 'Bearer', scope: null });
    const list = await hub(site, 'channel/list', {
      headers: { Authorization: `Bearer ${body.access_token}` },
    });
    expect(await list.json()).toEqual(['alice', 'alice2']);
    const refresh = await tokenRequest(
      site,
      { grant_type: 'refresh_token', refresh_token: body.refresh_token },
      { Authorization: clientBasic(site) },
    );
    expect((await oauthFailure(refresh)).body.error).toBe('unsupported_grant_type');
  });

  it('refuses a wrong verifier with the library words, keeps the code for the right one, then uses it up', async () => {
    const site = createFakeSite();
    const code = await codeFor(site);
    const wrong = await exchange(site, code, { code_verifier: `${verifier}Z` });
    expect(await oauthFailure(wrong)).toEqual({
      status: 400,
      body: {
        error: 'code_verifier_mismatch',
        error_description: 'The PKCE code verifier parameter does not match the code challenge.',
      },
    });
    expect((await exchange(site, code)).status).toBe(200);
    expect(await oauthFailure(await exchange(site, code))).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: "Authorization code doesn't exist or is invalid for the client",
      },
    });
  });

  it.each([
    [{ code_verifier: '' }, 'code_verifier_missing', 'The PKCE code verifier parameter is required.'],
    [{ code_verifier: 'short' }, 'code_verifier_invalid', 'The PKCE code verifier parameter is invalid.'],
    [
      { redirect_uri: 'http://127.0.0.1/other' },
      'redirect_uri_mismatch',
      'The redirect URI is missing or do not match',
    ],
  ])('refuses %o: %s', async (fields, error, description) => {
    const site = createFakeSite();
    const failure = await oauthFailure(await exchange(site, await codeFor(site), fields));
    expect(failure.status).toBe(400);
    expect(failure.body).toMatchObject({ error, error_description: description });
  });

  it('lets a code expire after 30 seconds of the site clock, or at expireTokens()', async () => {
    let now = Date.UTC(2026, 10, 22, 3, 0, 0);
    const site = createFakeSite({ now: () => new Date(now) });
    const code = await codeFor(site);
    now += 31_000;
    expect(await oauthFailure(await exchange(site, code))).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'The authorization code has expired' },
    });
    const second = await codeFor(site);
    site.expireTokens();
    expect((await oauthFailure(await exchange(site, second))).body.error_description).toBe(
      'The authorization code has expired',
    );
  });

  it('refuses a code of another client', async () => {
    const site = createFakeSite();
    const other = site.registerOAuthClient({ clientId: 'other', clientSecret: 'o' });
    const code = await codeFor(site);
    const response = await tokenRequest(
      site,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1/callback',
        code_verifier: verifier,
      },
      { Authorization: basic(other.clientId, other.clientSecret) },
    );
    expect(await oauthFailure(response)).toEqual({
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description: "authorization_code doesn't exist or is invalid for the client",
      },
    });
  });
});

describe('/authorize refusals and options', () => {
  it('redirects a request without state with invalid_request (and still leaks the secret)', async () => {
    const site = createFakeSite();
    const query = new URLSearchParams(authorizeQuery(site, challenge));
    query.delete('state');
    const response = await call(site, `authorize?${query}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      'http://127.0.0.1/callback?client_secret=fake-app-secret&error=invalid_request&error_description=The+state+parameter+is+required',
    );
  });

  it('redirects an implicit request with unsupported_response_type', async () => {
    const site = createFakeSite();
    const response = await authorizeRequest(site, { response_type: 'token' });
    expect(Object.fromEntries(locationParams(response))).toEqual({
      client_secret: 'fake-app-secret',
      error: 'unsupported_response_type',
      error_description: 'implicit grant type not supported',
      state: 'st4te',
    });
  });

  it('answers an unregistered redirect URI 400 redirect_uri_mismatch, without redirecting', async () => {
    const site = createFakeSite();
    const response = await authorizeRequest(site, { redirect_uri: 'https://evil.example/cb' });
    expect(response.headers.get('location')).toBeNull();
    expect(await oauthFailure(response)).toEqual({
      status: 400,
      body: {
        client_secret: 'fake-app-secret',
        error: 'redirect_uri_mismatch',
        error_description: 'The redirect URI provided is missing or does not match',
        error_uri: 'http://tools.ietf.org/html/rfc6749#section-3.1.2',
      },
    });
  });

  it('registers an unknown client on the fly, which learns its secret from the redirect', async () => {
    const site = createFakeSite();
    const response = await authorizeRequest(site, {
      client_id: 'newcomer',
      redirect_uri: 'http://127.0.0.1/new',
    });
    const params = locationParams(response);
    const secret = params.get('client_secret') ?? '';
    expect(secret).toMatch(/^[0-9a-f]{16}$/);
    expect(site.state.hub.oauthClients.find((c) => c.client_id === 'newcomer')).toMatchObject({
      grant_types: 'authorization_code',
      redirect_uri: 'http://127.0.0.1/new',
    });
    const token = await tokenRequest(
      site,
      {
        grant_type: 'authorization_code',
        code: params.get('code') ?? '',
        redirect_uri: 'http://127.0.0.1/new',
        code_verifier: verifier,
      },
      { Authorization: basic('newcomer', secret) },
    );
    expect(token.status).toBe(200);
  });

  it('keeps the secret out of the redirect with clientSecretInRedirect: false', async () => {
    const site = createFakeSite({ auth: { clientSecretInRedirect: false } });
    const response = await authorizeRequest(site);
    expect(response.headers.get('location')).toMatch(
      /^http:\/\/127\.0\.0\.1\/callback\?code=[0-9a-f]{40}&state=st4te$/,
    );
    expect(await response.text()).toBe('');
  });

  it("fails with HTTP 500 like a stock 8.8.7 with authorizationCodeFlow: 'stock-8.8.7'", async () => {
    const site = createFakeSite({ auth: { authorizationCodeFlow: 'stock-8.8.7' } });
    const response = await authorizeRequest(site);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('');
    expect(site.state.hub.authorizationCodes.size).toBe(0);
  });
});
