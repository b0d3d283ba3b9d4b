import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  createAuthorizationRequest,
  exchangeAuthorizationCode,
  NativeClient,
  readAuthorizationResponse,
} from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';

/*
 * Every authentication strategy of the NativeClient against the fake hub over real HTTP: the fake
 * answers as Hubzilla 8.8.7 does (its OAuth library's words, its 401 for any failed login), and in
 * `strictDigest` mode checks each signed body's Digest, which the real hub never does.
 */

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer({ auth: { strictDigest: true } });
});
afterAll(() => server.close());

/** Counts the requests of each path the fake received since `mark`. */
function requestsSince(mark: number) {
  return server.site.requests.slice(mark).map((request) => new URL(request.url).pathname);
}

describe('clientCredentials against the fake hub', () => {
  it('fetches a token once, acts as the client’s channel, and renews it after the hub expired it', async () => {
    const { clientId, clientSecret } = server.credentials.oauthClient;
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      clientCredentials: { clientId, clientSecret },
    });
    const mark = server.site.requests.length;
    const [files, groups] = await Promise.all([hub.files.list().toArray(), hub.groups.list()]);
    expect(files.length).toBeGreaterThan(0);
    expect(groups.length).toBeGreaterThan(0);
    expect(requestsSince(mark).filter((path) => path.endsWith('/token'))).toHaveLength(1);

    server.site.expireTokens();
    await hub.files.list();
    expect(requestsSince(mark).filter((path) => path.endsWith('/token'))).toHaveLength(2);
  });

  it('a client without the grant is an AuthenticationError with the OAuth code', async () => {
    const client = server.site.registerOAuthClient({
      clientId: 'no-grants',
      clientSecret: 'no-grants-secret',
      grantTypes: [],
    });
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      clientCredentials: { clientId: client.clientId, clientSecret: client.clientSecret },
    });
    await expect(hub.files.list()).rejects.toMatchObject({
      name: 'AuthenticationError',
      code: 'unauthorized_client',
    });
  });
});

describe('accessToken against the fake hub', () => {
  it('a provider’s expired token is replaced after the hub’s 401, once', async () => {
    const { clientId, clientSecret } = server.credentials.oauthClient;
    let asked = 0;
    const provider = async () => {
      asked++;
      const response = await fetch(`${server.hubBaseUrl}token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const hub = new NativeClient({ baseUrl: server.hubBaseUrl, accessToken: provider });
    await hub.files.list();
    server.site.expireTokens();
    await hub.files.list();
    expect(asked).toBe(2);
  });

  it('a made-up token gets the hub’s 401 as an AuthenticationError', async () => {
    const hub = new NativeClient({ baseUrl: server.hubBaseUrl, accessToken: 'f'.repeat(40) });
    await expect(hub.files.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('signature against the fake hub (Digest checked)', () => {
  it.each(['keyId', 'channelUrl'] as const)('reads and writes with media, signed with %s', async (form) => {
    const key = server.credentials.signingKeys.alice;
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      signature: { keyId: key[form], privateKey: key.privateKeyPem },
    });
    const files = await hub.files.list({ filename: 'notes' }).toArray();
    expect(files.length).toBeGreaterThan(0);
    const media = new File([new Uint8Array(4096).fill(7)], 'signed.png', { type: 'image/png' });
    const { item_id } = await hub.items.update({ body: `signed ${form}`, media });
    expect(item_id).toBeGreaterThan(0);
  });

  it('bob’s key under alice’s keyId is refused', async () => {
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      signature: {
        keyId: server.credentials.signingKeys.alice.keyId,
        privateKey: server.credentials.signingKeys.bob.privateKeyPem,
      },
    });
    await expect(hub.files.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it.each(['rsa-sha512', 'hs2019'] as const)('signs with %s', async (algorithm) => {
    const key = server.credentials.signingKeys.bob;
    const hub = new NativeClient({
      baseUrl: server.hubBaseUrl,
      signature: { keyId: key.keyId, privateKey: key.privateKeyPem, algorithm },
    });
    expect(Array.isArray(await hub.groups.list())).toBe(true);
  });
});

describe('authorization code with PKCE against the fake hub', () => {
  it('consent URL → code → token → a client that works; the code is single-use', async () => {
    const { clientId, clientSecret, redirectUri } = server.credentials.oauthClient;
    const request = await createAuthorizationRequest({ baseUrl: server.hubBaseUrl, clientId, redirectUri });
    const consent = await fetch(request.url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const code = readAuthorizationResponse(consent.headers.get('location')!, request.state);
    const exchange = {
      baseUrl: server.hubBaseUrl,
      clientId,
      clientSecret,
      code,
      redirectUri,
      codeVerifier: request.codeVerifier,
    };
    const token = await exchangeAuthorizationCode(exchange);
    expect(token.expiresIn).toBe(3600);
    const hub = new NativeClient({ baseUrl: server.hubBaseUrl, accessToken: token.accessToken });
    expect((await hub.files.list().toArray()).length).toBeGreaterThan(0);
    await expect(exchangeAuthorizationCode(exchange)).rejects.toMatchObject({
      name: 'AuthenticationError',
      code: 'invalid_grant',
    });
  });

  it('a wrong verifier is refused with the library’s code', async () => {
    const { clientId, clientSecret, redirectUri } = server.credentials.oauthClient;
    const request = await createAuthorizationRequest({ baseUrl: server.hubBaseUrl, clientId, redirectUri });
    const consent = await fetch(request.url, { redirect: 'manual' });
    const code = readAuthorizationResponse(consent.headers.get('location')!, request.state);
    await expect(
      exchangeAuthorizationCode({
        baseUrl: server.hubBaseUrl,
        clientId,
        clientSecret,
        code,
        redirectUri,
        codeVerifier: 'x'.repeat(43),
      }),
    ).rejects.toMatchObject({ name: 'AuthenticationError', code: 'code_verifier_mismatch' });
  });
});
