import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/index.js';
import { createRelay, type RelayOptions } from '../../src/relay.js';

import { ask, BASIC, PASSWORD, relayOver, TOKEN } from './in-process.js';

describe('what the relay sends and returns', () => {
  it('redacts the token and the credentials a site echoes, in every header and body the page gets', async () => {
    const { relay } = relayOver(
      (request) =>
        new Response(
          `<b>Notice</b> in ${request.url} with Authorization: Basic ${BASIC}, password ${PASSWORD}`,
          {
            headers: {
              'Content-Type': 'text/html',
              'Set-Cookie': 'PHPSESSID=abc; path=/',
              'WWW-Authenticate': 'Basic realm="hubzilla"',
            },
          },
        ),
    );
    for (const path of ['/api.php?method=user.getUser', '/api/z/1.0/files']) {
      const answer = await ask(relay, path);
      const text = await answer.text();
      const everything = `${[...answer.headers].join('\n')}\n${text}`;
      for (const secret of [TOKEN, PASSWORD, BASIC]) expect(everything).not.toContain(secret);
      expect(text).toContain('[REDACTED]');
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(answer.headers.get('www-authenticate')).toBeNull();
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('leaves file content in base64 as it is, even where a short secret appears in it by chance', async () => {
    const shortPassword = 'Zm9v';
    const content = `${'QUJD'.repeat(2000)}${shortPassword}${'QUJD'.repeat(2000)}`;
    const body = JSON.stringify({ length: 3, content, note: `the password is ${shortPassword}` });
    const relay = createRelay({
      authorize: () => true,
      hub: { baseUrl: 'https://hub.example/', username: 'alice', password: shortPassword },
      fetch: async () => new Response(body, { headers: { 'Content-Type': 'application/json' } }),
    });
    const answer = (await (await ask(relay, '/api/z/1.0/filedata?file_id=abc')).json()) as Record<
      string,
      string
    >;
    expect(answer.content).toBe(content);
    expect(answer.note).toBe('the password is [REDACTED]');
  });

  it('sets the token, the method and the channel itself, and refuses the page’s own by name (400)', async () => {
    const { relay, sent } = relayOver(() => Response.json({ output: 1, api: {} }), {
      hub: { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD, channel: 'alice' },
    });
    for (const [path, named] of [
      ['/api.php?method=user.getUser&token=theirs&user_id=3', '"token"'],
      ['/api/z/1.0/files?channel=bob&filename=x&records=2', '"channel"'],
    ] as const) {
      const refused = await ask(relay, path);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: 'relay.bad_request',
        message: expect.stringContaining(named),
      });
    }
    expect(sent).toHaveLength(0);
    await ask(relay, '/api.php?method=user.getUser&user_id=3');
    await ask(relay, '/api/z/1.0/files?filename=x&records=2');
    const [app, hub] = sent.map((request) => new URL(request.url));
    expect(app?.origin).toBe('https://site.example');
    expect([...(app?.searchParams ?? [])]).toEqual([
      ['token', TOKEN],
      ['method', 'user.getUser'],
      ['user_id', '3'],
    ]);
    expect(hub?.origin).toBe('https://hub.example');
    expect([...(hub?.searchParams ?? [])]).toEqual([
      ['channel', 'alice'],
      ['filename', 'x'],
      ['records', '2'],
    ]);
    expect(sent[1]?.headers.get('authorization')).toBe(`Basic ${BASIC}`);
  });

  it('does not follow a redirect to another origin: 502, and the page never sees where it pointed', async () => {
    const { relay, sent } = relayOver(
      () =>
        new Response(null, {
          status: 302,
          headers: { Location: 'http://169.254.169.254/latest/meta-data/' },
        }),
    );
    const answer = await ask(relay, '/api/z/1.0/files');
    expect(answer.status).toBe(502);
    const text = await answer.text();
    expect(text).toContain('relay.upstream_failed');
    expect(text).not.toContain('169.254');
    expect(sent).toHaveLength(1);
  });

  it('stops an answer over maxResponseBytes (502) and refuses paths, methods and bodies it does not know', async () => {
    const { relay, sent } = relayOver(() => new Response('x'.repeat(5000)), { maxResponseBytes: 1000 });
    const tooLarge = await ask(relay, '/api/z/1.0/files');
    expect([tooLarge.status, ((await tooLarge.json()) as { error: string }).error]).toEqual([
      502,
      'relay.response_too_large',
    ]);
    expect((await ask(relay, '/elsewhere')).status).toBe(404);
    expect((await ask(relay, '/api/z/1.0/files', { method: 'PUT' })).status).toBe(404);
    expect((await ask(relay, '/api/z/1.0/%66iles')).status).toBe(403);
    expect((await ask(relay, '/api/z/1.0/__proto__')).status).toBe(403);
    expect((await ask(relay, '/api/z/1.0/../../admin')).status).toBe(404);
    expect(sent).toHaveLength(1);
  });

  it('answers CORS only for the origins it is given', async () => {
    const { relay } = relayOver(() => Response.json({}), {
      cors: { origins: ['https://app.example'], headers: ['Content-Type', 'X-Session'] },
    });
    const preflight = (origin: string) =>
      ask(relay, '/api/z/1.0/files', {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
    const allowed = await preflight('https://app.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('Content-Type, X-Session');
    const other = await preflight('https://evil.example');
    expect([other.status, other.headers.get('access-control-allow-origin')]).toEqual([403, null]);
    const answer = await ask(relay, '/api/z/1.0/files', { headers: { Origin: 'https://evil.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 500 when your own hooks fail, without quoting them', async () => {
    const hub = { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD };
    const throwing = createRelay({
      authorize: () => {
        throw new Error(`session store down: ${PASSWORD}`);
      },
      hub,
    });
    const refused = await ask(throwing, '/api/z/1.0/files');
    expect(refused.status).toBe(500);
    expect(await refused.text()).not.toContain(PASSWORD);
    const { relay } = relayOver(() => Response.json({}), {
      app: {
        baseUrl: 'https://site.example/',
        token: () => {
          throw new Error('no session store');
        },
      },
    });
    const failed = await ask(relay, '/api.php?method=user.getUser');
    expect([failed.status, ((await failed.json()) as { error: string }).error]).toEqual([
      500,
      'relay.internal_error',
    ]);
  });

  it('cannot be created without authorize, a site, or a token', () => {
    const hub = { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD };
    expect(() => createRelay({ hub } as unknown as RelayOptions)).toThrow(ArgumentError);
    expect(() => createRelay({ authorize: () => true })).toThrow(/app, hub or both/);
    expect(() =>
      createRelay({ authorize: () => true, app: { baseUrl: 'https://site.example/', token: '' } }),
    ).toThrow(/app.token/);
    expect(() => createRelay({ authorize: () => true, hub, maxRequestBytes: -1 })).toThrow(/maxRequestBytes/);
  });
});
