import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  ArgumentError,
  AuthenticationError,
  createAuthorizationRequest,
  exchangeAuthorizationCode,
  NativeClient,
  readAuthorizationResponse,
  type SdkError,
} from '../../src/index.js';
import { useMswServer } from '../support/msw.js';
import { API, HUB } from './hub.js';

const { server, requests } = useMswServer();

/** What the hub answers a refused login, whatever the method (recorded on 8.8.7). */
const refused = () =>
  new HttpResponse('This api requires login', {
    status: 401,
    headers: { 'WWW-Authenticate': 'Basic realm="Hubzilla"' },
  });
const files = (results: unknown[] = []) => HttpResponse.json({ success: true, results });

/** A `/token` that hands out t1, t2, ... and a files endpoint accepting only `valid` tokens. */
function tokenHub(valid: (token: string) => boolean, expiresIn = 3600) {
  let issued = 0;
  const grants: URLSearchParams[] = [];
  server.use(
    http.post(`${HUB}/token`, async ({ request }) => {
      grants.push(new URLSearchParams(await request.text()));
      if (request.headers.get('authorization') !== `Basic ${btoa('my-app:app-secret')}`)
        return HttpResponse.json(
          { error: 'invalid_client', error_description: 'The client credentials are invalid' },
          { status: 400 },
        );
      await new Promise((resolve) => setTimeout(resolve, 5));
      issued++;
      return HttpResponse.json({
        access_token: `token-${issued}-0123456789abcdef`,
        expires_in: expiresIn,
        token_type: 'Bearer',
        scope: null,
      });
    }),
    http.get(`${API}/files`, ({ request }) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
      return valid(token) ? files() : refused();
    }),
  );
  return { grants, issued: () => issued };
}

const credentials = { clientId: 'my-app', clientSecret: 'app-secret' };

describe('exactly one way to authenticate', () => {
  it('refuses two with an ArgumentError', () => {
    const auth = { username: 'alice', password: 'pw', accessToken: 'abc' };
    expect(() => new NativeClient({ baseUrl: HUB, ...(auth as { accessToken: string }) })).toThrow(
      ArgumentError,
    );
  });

  it('refuses none with the AuthenticationError of AppClient (code missing_credentials)', () => {
    expect(() => new NativeClient({ baseUrl: HUB } as never)).toThrow(
      expect.objectContaining({ name: 'AuthenticationError', code: 'missing_credentials' }),
    );
  });

  it('is a compile error to give two', () => {
    const both = () =>
      // @ts-expect-error: a password and a token at once
      new NativeClient({ baseUrl: HUB, username: 'a', password: 'b', accessToken: 'c' });
    expect(both).toThrow(ArgumentError);
  });
});

describe('accessToken', () => {
  it('sends the token as Bearer on every request, and never a cookie', async () => {
    server.use(http.get(`${API}/files`, () => files()));
    await new NativeClient({ baseUrl: HUB, accessToken: 'static-token-123' }).files.list();
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer static-token-123');
    expect(requests[0]?.headers.get('cookie')).toBeNull();
  });

  it('a fixed token refused is an AuthenticationError at once, the token redacted', async () => {
    server.use(
      http.get(
        `${API}/files`,
        ({ request }) => new HttpResponse(`bad ${request.headers.get('authorization')}`, { status: 401 }),
      ),
    );
    const error = (await new NativeClient({ baseUrl: HUB, accessToken: 'static-token-123' }).files
      .list()
      .catch((e) => e)) as SdkError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(requests).toHaveLength(1);
    expect(`${error.message} ${inspect(error)} ${JSON.stringify(error)}`).not.toContain('static-token-123');
  });

  it('a provider is asked again after a 401, once; a second 401 is final', async () => {
    let asked = 0;
    const hub = new NativeClient({ baseUrl: HUB, accessToken: async () => `provided-${++asked}-token` });
    server.use(
      http.get(`${API}/files`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer provided-2-token' ? files() : refused(),
      ),
    );
    await hub.files.list();
    expect(asked).toBe(2);
    server.use(http.get(`${API}/files`, () => refused()));
    await expect(hub.files.list()).rejects.toBeInstanceOf(AuthenticationError);
    expect(asked).toBe(3);
  });
});

describe('clientCredentials', () => {
  it('fetches one token for concurrent calls and reuses it', async () => {
    const hub = tokenHub(() => true);
    const client = new NativeClient({ baseUrl: HUB, clientCredentials: credentials });
    await Promise.all([client.files.list(), client.files.list(), client.files.list()]);
    await client.files.list();
    expect(hub.issued()).toBe(1);
    expect(hub.grants[0]?.get('grant_type')).toBe('client_credentials');
    expect(
      requests.filter((r) => r.url.endsWith('/files')).map((r) => r.headers.get('authorization')),
    ).toEqual(Array(4).fill('Bearer token-1-0123456789abcdef'));
  });

  it('renews the token shortly before it expires', async () => {
    const hub = tokenHub(() => true, 1);
    const client = new NativeClient({ baseUrl: HUB, clientCredentials: credentials });
    await client.files.list();
    await new Promise((resolve) => setTimeout(resolve, 950));
    await client.files.list();
    expect(hub.issued()).toBe(2);
  });

  it('gets a new token after a 401 (expired on the hub) and sends the call again, once', async () => {
    const hub = tokenHub((token) => token.startsWith('token-2'));
    const client = new NativeClient({ baseUrl: HUB, clientCredentials: credentials });
    await client.files.list();
    expect(hub.issued()).toBe(2);
  });

  it('wrong client credentials are an AuthenticationError with the OAuth code, secret redacted', async () => {
    tokenHub(() => true);
    const client = new NativeClient({
      baseUrl: HUB,
      clientCredentials: { clientId: 'my-app', clientSecret: 'wrong-secret' },
    });
    const error = (await client.files.list().catch((e) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe('invalid_client');
    expect(`${error.message}${inspect(error)}`).not.toContain('wrong-secret');
    expect(`${error.message}${inspect(error)}`).not.toContain(btoa('my-app:wrong-secret'));
  });
});

describe('signature', () => {
  it('signs (request-target) with the query, host, date, and the digest of the exact body', async () => {
    const keys = await crypto.subtle.generateKey(
      {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['sign', 'verify'],
    );
    const verified: string[] = [];
    const verify = async (request: Request) => {
      const header = request.headers.get('authorization') ?? '';
      const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      const url = new URL(request.url);
      const values: Record<string, string> = {
        '(request-target)': `${request.method.toLowerCase()} ${url.pathname}${url.search}`,
        host: url.host,
        date: request.headers.get('date') ?? '',
        digest: request.headers.get('digest') ?? '',
      };
      const text = fields
        .headers!.split(' ')
        .map((name: string) => `${name}: ${values[name]}`)
        .join('\n');
      const signature = Uint8Array.from(atob(fields.signature!), (c) => c.charCodeAt(0));
      const ok = await crypto.subtle.verify(
        'RSASSA-PKCS1-v1_5',
        keys.publicKey,
        signature,
        new TextEncoder().encode(text),
      );
      if (!ok || fields.keyId !== 'acct:alice@hub.example') return false;
      if (values.digest) {
        const body = new Uint8Array(await request.arrayBuffer());
        const digest = btoa(
          String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', body))),
        );
        if (values.digest !== `SHA-256=${digest}`) return false;
      }
      verified.push(fields.headers!);
      return true;
    };
    server.use(
      http.get(`${API}/files`, async ({ request }) => ((await verify(request)) ? files() : refused())),
      http.post(`${API}/item/update`, async ({ request }) =>
        (await verify(request)) ? HttpResponse.json({ success: true, item_id: 5, item: {} }) : refused(),
      ),
    );
    const hub = new NativeClient({
      baseUrl: HUB,
      signature: { keyId: 'acct:alice@hub.example', privateKey: keys.privateKey },
      validation: 'off',
    });
    await hub.files.list({ filename: 'a b' });
    await hub.items.update({ body: 'signed', media: new File([new Uint8Array([1, 2, 3])], 'x.png') });
    expect(verified).toEqual(['(request-target) host date', '(request-target) host date digest']);
  });

  it('a PEM that is no key is an ArgumentError, and the key never appears in one', async () => {
    const pem =
      '-----BEGIN PRIVATE KEY-----\nTUlJQ0lqQU5CZ2txaGtpRzl3MEJBUUVGQUFPQ0FnOEFNSUlDQ2dLQ0FnRUE=\n-----END PRIVATE KEY-----';
    server.use(http.get(`${API}/files`, () => files()));
    const error = await new NativeClient({
      baseUrl: HUB,
      signature: { keyId: 'alice@hub.example', privateKey: pem },
    }).files
      .list()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ArgumentError);
    expect(String(error)).not.toContain('TUlJQ0lqQU5');
    expect(requests).toHaveLength(0);
  });
});

describe('authorization code with PKCE', () => {
  it('builds the consent URL, reads the code back, and exchanges it with the verifier', async () => {
    const request = await createAuthorizationRequest({
      baseUrl: HUB,
      clientId: 'my-app',
      redirectUri: 'https://app.example/cb',
      scope: 'openid',
    });
    const url = new URL(request.url);
    expect(url.origin + url.pathname).toBe(`${HUB}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'my-app',
      redirect_uri: 'https://app.example/cb',
      scope: 'openid',
      state: request.state,
      code_challenge_method: 'S256',
    });
    const challenge = btoa(
      String.fromCharCode(
        ...new Uint8Array(
          await crypto.subtle.digest('SHA-256', new TextEncoder().encode(request.codeVerifier)),
        ),
      ),
    )
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);

    // The hub sends the user back with the code (and, on 8.8.7, the client secret).
    const code = readAuthorizationResponse(
      `https://app.example/cb?code=the-code-123&state=${request.state}&client_secret=app-secret`,
      request.state,
    );
    expect(code).toBe('the-code-123');
    expect(() =>
      readAuthorizationResponse(`https://app.example/cb?code=x&state=forged`, request.state),
    ).toThrow(AuthenticationError);
    expect(() =>
      readAuthorizationResponse(
        `https://app.example/cb?error=access_denied&state=${request.state}`,
        request.state,
      ),
    ).toThrow(/access_denied/);

    let grant: URLSearchParams | undefined;
    server.use(
      http.post(`${HUB}/token`, async ({ request: r }) => {
        grant = new URLSearchParams(await r.text());
        return HttpResponse.json({
          access_token: 'granted-token-abc',
          expires_in: 3600,
          token_type: 'Bearer',
          scope: null,
        });
      }),
    );
    const token = await exchangeAuthorizationCode({
      baseUrl: HUB,
      ...credentials,
      code,
      redirectUri: 'https://app.example/cb',
      codeVerifier: request.codeVerifier,
    });
    expect(token).toMatchObject({ accessToken: 'granted-token-abc', expiresIn: 3600, tokenType: 'Bearer' });
    expect(grant?.get('grant_type')).toBe('authorization_code');
    expect(grant?.get('code_verifier')).toBe(request.codeVerifier);
  });

  it('a wrong verifier is an AuthenticationError that quotes neither code nor verifier', async () => {
    server.use(
      http.post(`${HUB}/token`, () =>
        HttpResponse.json(
          { error: 'invalid_grant', error_description: 'code_verifier_mismatch' },
          { status: 400 },
        ),
      ),
    );
    const error = (await exchangeAuthorizationCode({
      baseUrl: HUB,
      ...credentials,
      code: 'the-code-123',
      redirectUri: 'https://app.example/cb',
      codeVerifier: 'verifier-xyz-987',
    }).catch((e) => e)) as AuthenticationError;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.code).toBe('invalid_grant');
    expect(error.message).toContain('code_verifier_mismatch');
    expect(inspect(error)).not.toContain('verifier-xyz-987');
  });
});

describe('inspection', () => {
  it('shows the strategy, never its secret', () => {
    const client = new NativeClient({ baseUrl: HUB, clientCredentials: credentials });
    expect(inspect(client)).toBe(
      `NativeClient {"baseUrl":"${HUB}/","validation":"strict","auth":"clientCredentials"}`,
    );
    expect(JSON.stringify(client)).not.toContain('app-secret');
  });
});
