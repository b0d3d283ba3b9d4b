import { describe, expect, it } from 'vitest';
import { createFakeSite, type FakeSite } from '../../../src/testing/index.js';
import { call, form } from '../helpers.js';
import { expectLoginRefused } from './helpers.js';
import { type SignOptions, signRequest, type UnsignedRequest } from './signing.js';

const site = createFakeSite();
const alice = site.credentials.signingKeys.alice;
const bob = site.credentials.signingKeys.bob;
const host = new URL(site.url).host;

/** Sends a request signed with `options` (alice's key and keyId unless given). */
async function signed(target: FakeSite, request: UnsignedRequest, options: Partial<SignOptions> = {}) {
  const headers = await signRequest(request, {
    privateKeyPem: alice.privateKeyPem,
    keyId: alice.keyId,
    ...options,
  });
  const init: RequestInit = { method: request.method, headers };
  if (request.body !== undefined) init.body = request.body;
  return target.handler(new Request(request.url, init));
}
const get = (path: string, options: Partial<SignOptions> = {}, target = site) =>
  signed(target, { method: 'GET', url: `${target.url}api/z/1.0/${path}` }, options);

describe('HTTP Signatures with the channel key', () => {
  it('logs in a GET with a query, signing (request-target) host date', async () => {
    const response = await get('group_members?group_name=Friends');
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it('exposes keys that match the channel record', async () => {
    expect(alice.keyId).toBe(`acct:alice@${host}`);
    expect(alice.channelUrl).toBe('https://fake.test/channel/alice');
    expect(alice.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    const verify = await (await get('verify')).json();
    expect(verify.channel_pubkey).toBe(alice.publicKeyPem);
    expect(verify.channel_prvkey).toBe(alice.privateKeyPem);
    expect(bob.publicKeyPem).not.toBe(alice.publicKeyPem);
  });

  it('logs in a POST with a Digest of its form body', async () => {
    const body = form({ body: 'signed post' }).toString();
    const response = await signed(site, {
      method: 'POST',
      url: `${site.url}api/z/1.0/item/update`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(await response.json()).toMatchObject({ success: true, item: { body: 'signed post' } });
  });

  it.each([
    ['acct:alice@host', `acct:alice@${host}`],
    ['alice@host', `alice@${host}`],
    ['the channel URL', 'https://fake.test/channel/alice'],
  ])('accepts the keyId %s', async (_, keyId) => {
    expect(await (await get('channel/list', { keyId })).json()).toEqual(['alice', 'alice2']);
  });

  it("acts as bob with bob's key", async () => {
    const response = await get('channel/list', { keyId: bob.keyId, privateKeyPem: bob.privateKeyPem });
    expect(await response.json()).toEqual(['bob']);
  });

  it.each([
    ['#main-key', 'https://fake.test/channel/alice#main-key'],
    ['an address in another case', `acct:Alice@${host}`],
    ['an address without the port-bearing host', 'acct:alice@elsewhere.example'],
    ['a remote actor', 'https://social.other.example/users/dana'],
    ['a channel without a usable key', `acct:carol@${host}`],
  ])('refuses the keyId with %s', async (_, keyId) => {
    await expectLoginRefused(await get('channel/list', { keyId }));
  });

  it("refuses alice's keyId signed with bob's key, a changed query and the lower-case scheme", async () => {
    await expectLoginRefused(await get('channel/list', { privateKeyPem: bob.privateKeyPem }));
    const headers = await signRequest(
      { method: 'GET', url: `${site.url}api/z/1.0/files?filename=notes` },
      { privateKeyPem: alice.privateKeyPem, keyId: alice.keyId },
    );
    await expectLoginRefused(await call(site, 'api/z/1.0/files?filename=big', { headers }));
    await expectLoginRefused(await get('channel/list', { scheme: 'signature' }));
  });

  it.each([
    ['rsa-sha256', 'SHA-256'],
    ['hs2019', 'SHA-256'],
    ['rsa-sha512', 'SHA-512'],
  ] as const)('verifies algorithm="%s" with %s', async (algorithm, hash) => {
    expect((await get('channel/list', { algorithm, hash })).status).toBe(200);
  });

  it.each([
    ['hs2019', 'SHA-512'],
    ['rsa-sha512', 'SHA-256'],
    ['rsa-sha256', 'SHA-512'],
  ] as const)('refuses algorithm="%s" signed with %s', async (algorithm, hash) => {
    await expectLoginRefused(await get('channel/list', { algorithm, hash }));
  });

  it('checks a signed Date within a day of the real clock, and an unsigned Date not at all', async () => {
    const shifted = (hours: number) => new Date(Date.now() + hours * 3_600_000).toUTCString();
    expect((await get('channel/list', { date: shifted(23) })).status).toBe(200);
    expect((await get('channel/list', { date: shifted(-23) })).status).toBe(200);
    await expectLoginRefused(await get('channel/list', { date: shifted(48) }));
    await expectLoginRefused(await get('channel/list', { date: shifted(-25) }));
    const unsignedDate = await get('channel/list', {
      date: shifted(-480),
      signed: ['(request-target)', 'host'],
    });
    expect(unsignedDate.status).toBe(200);
  });

  it("answers an unreadable signed Date with HTTP 500, as PHP's uncaught DateTime exception", async () => {
    const response = await get('channel/list', { date: 'not a date' });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('');
  });
});

describe('the Digest header', () => {
  const post = (
    target: FakeSite,
    body: string | Uint8Array<ArrayBuffer>,
    extra: Partial<UnsignedRequest> = {},
  ) =>
    signed(target, {
      method: 'POST',
      url: `${target.url}api/z/1.0/item/update`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      ...extra,
    });

  it('is never compared with the body by default, as on the hub', async () => {
    const wrongDigest = `SHA-256=${btoa('not the digest of this body!')}`;
    const response = await post(site, form({ body: 'unchecked' }).toString(), { digest: wrongDigest });
    expect(await response.json()).toMatchObject({ success: true });
  });

  describe('with strictDigest', () => {
    const strict = createFakeSite({ auth: { strictDigest: true } });

    it('accepts a body whose signed Digest matches (SHA-256 or SHA-512)', async () => {
      const body = form({ body: 'strictly signed' }).toString();
      expect(await (await post(strict, body)).json()).toMatchObject({ success: true });
      const sha512 = new Uint8Array(await crypto.subtle.digest('SHA-512', new TextEncoder().encode(body)));
      const response = await post(strict, body, {
        digest: `SHA-512=${btoa(String.fromCharCode(...sha512))}`,
      });
      expect(await response.json()).toMatchObject({ success: true });
    });

    it('refuses a body that differs from the signed Digest', async () => {
      const signedBody = form({ body: 'what was signed' }).toString();
      const headers = await signRequest(
        {
          method: 'POST',
          url: `${strict.url}api/z/1.0/item/update`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: signedBody,
        },
        { privateKeyPem: alice.privateKeyPem, keyId: alice.keyId },
      );
      const sent = form({ body: 'what was sent' }).toString();
      await expectLoginRefused(
        await call(strict, 'api/z/1.0/item/update', { method: 'POST', headers, body: sent }),
      );
      // The same request passes where the hub's own rules apply.
      expect(
        (await call(site, 'api/z/1.0/item/update', { method: 'POST', headers, body: sent })).status,
      ).toBe(200);
    });

    it('refuses a body without a Digest or with an unsigned one, and accepts a GET without one', async () => {
      const body = form({ body: 'no digest' }).toString();
      await expectLoginRefused(await post(strict, body, { digest: false }));
      const unsigned = await signed(
        strict,
        {
          method: 'POST',
          url: `${strict.url}api/z/1.0/item/update`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        },
        { signed: ['(request-target)', 'host', 'date'] },
      );
      await expectLoginRefused(unsigned);
      expect((await get('channel/list', {}, strict)).status).toBe(200);
    });

    it('checks the exact bytes of a multipart upload', async () => {
      const upload = new FormData();
      upload.set('body', 'a photo');
      upload.set(
        'media',
        new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' }),
        'p.jpg',
      );
      const encoded = new Response(upload);
      const type = encoded.headers.get('content-type') ?? '';
      const bytes = new Uint8Array(await encoded.arrayBuffer());
      const request = (body: Uint8Array<ArrayBuffer>) => ({
        method: 'POST',
        url: `${strict.url}api/z/1.0/item/update`,
        headers: { 'Content-Type': type },
        body,
      });
      const accepted = await signed(strict, request(bytes));
      expect(accepted.status).toBe(200);
      const headers = await signRequest(request(bytes), {
        privateKeyPem: alice.privateKeyPem,
        keyId: alice.keyId,
      });
      const tampered = bytes.slice();
      tampered[new TextDecoder('latin1').decode(bytes).indexOf('a photo')] = 0x41;
      await expectLoginRefused(
        await call(strict, 'api/z/1.0/item/update', { method: 'POST', headers, body: tampered }),
      );
    });
  });
});
