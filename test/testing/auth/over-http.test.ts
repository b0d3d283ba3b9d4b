import { describe, expect, it } from 'vitest';
import { form, useFakeServers } from '../helpers.js';
import { authorizeQuery, pkcePair } from './helpers.js';
import { signRequest } from './signing.js';

const start = useFakeServers();

describe('OAuth 2.0 and HTTP Signatures over the loopback server', () => {
  it('issues a client-credentials token over HTTP, without CORS headers when cors is off', async () => {
    const server = await start({ cors: false });
    const { clientId, clientSecret } = server.credentials.oauthClient;
    const response = await fetch(`${server.url}token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
      body: form({ grant_type: 'client_credentials' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.getSetCookie()).toHaveLength(1);
    const { access_token: token } = await response.json();
    const list = await fetch(`${server.hubBaseUrl}api/z/1.0/channel/list`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await list.json()).toEqual(['alice', 'alice2']);
    const expired = await fetch(`${server.hubBaseUrl}api/z/1.0/channel/list?access_token=${'f'.repeat(40)}`);
    expect([expired.status, expired.headers.get('www-authenticate'), await expired.text()]).toEqual([
      401,
      'Basic realm="hubzilla"',
      'This api requires login',
    ]);
  });

  it('runs the PKCE flow: a 302 to the redirect URI, then the token', async () => {
    const server = await start();
    const { verifier, challenge } = await pkcePair();
    const discovery = await (await fetch(`${server.url}.well-known/oauth-authorization-server`)).json();
    expect(discovery.issuer).toBe(server.url.replace(/\/$/, ''));
    const redirect = await fetch(
      `${discovery.authorization_endpoint}?${authorizeQuery(server.site, challenge)}`,
      {
        redirect: 'manual',
      },
    );
    expect(redirect.status).toBe(302);
    const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const { clientId, clientSecret, redirectUri } = server.credentials.oauthClient;
    const token = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        client_id: clientId,
        client_secret: clientSecret,
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    expect((await token.json()).token_type).toBe('Bearer');
  });

  it('verifies signatures against the real Host header (with the port), query and Digest included', async () => {
    const server = await start({ auth: { strictDigest: true } });
    const { keyId, privateKeyPem } = server.credentials.signingKeys.alice;
    expect(keyId).toBe(`acct:alice@${new URL(server.url).host}`);
    const url = `${server.hubBaseUrl}api/z/1.0/files?filetype=image`;
    const headers = await signRequest({ method: 'GET', url }, { privateKeyPem, keyId });
    const files = await fetch(url, { headers });
    expect(files.status).toBe(200);

    const postUrl = `${server.hubBaseUrl}api/z/1.0/item/update`;
    const body = form({ body: 'signed over HTTP' }).toString();
    const request = {
      method: 'POST',
      url: postUrl,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    };
    const signed = await signRequest(request, { privateKeyPem, keyId });
    const created = await fetch(postUrl, { method: 'POST', headers: signed, body });
    expect(await created.json()).toMatchObject({ success: true, item: { body: 'signed over HTTP' } });
    const tampered = await fetch(postUrl, { method: 'POST', headers: signed, body: `${body}x` });
    expect(tampered.status).toBe(401);
  });
});
