import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/core/errors/api-error.js';
import { ConnectionError } from '../../src/core/errors/connection-error.js';
import { ResponseTooLargeError } from '../../src/core/errors/response-too-large-error.js';
import { SdkError } from '../../src/core/errors/sdk-error.js';
import { TimeoutError } from '../../src/core/errors/timeout-error.js';
import { PHP_DEFAULT_LIMITS } from '../../src/core/request/php-limits.js';
import { ArgumentError } from '../../src/index.js';
import { failureAnswer } from '../../src/relay/failure.js';
import { AppForwarder } from '../../src/relay/forward-app.js';
import { HubForwarder } from '../../src/relay/forward-hub.js';
import { RequestRefusal } from '../../src/relay/read-request.js';
import { relayError } from '../../src/relay/relay-error.js';
import { appCore, hubCore } from '../../src/relay/upstream.js';
import { createRelay } from '../../src/relay.js';
import { ask, PASSWORD, refusal, relayOver, TOKEN } from './in-process.js';

/** What the relay promises of CORS, its failures, its error answers and its upstream clients. */
describe('CORS (cors.ts)', () => {
  const cors = { origins: ['https://app.example'] };

  it('answers an allowed preflight with every header, a refused one with 403, and leaves other OPTIONS alone', async () => {
    const { relay, sent } = relayOver(() => Response.json({}), { cors });
    const preflight = await ask(relay, '/api/z/1.0/files', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect([preflight.status, Object.fromEntries(preflight.headers)]).toEqual([
      204,
      {
        'access-control-allow-origin': 'https://app.example',
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'Content-Type',
        'access-control-max-age': '600',
        vary: 'Origin',
      },
    ]);
    const refused = await ask(relay, '/api/z/1.0/files', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(await refusal(refused)).toEqual([403, 'relay.forbidden', 'This origin may not call the relay']);
    const noOrigin = await ask(relay, '/api/z/1.0/files', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'GET' },
    });
    expect(noOrigin.status).toBe(403);
    // Not a preflight (no Access-Control-Request-Method): the relay's own answer, with CORS for the origin.
    const plain = await ask(relay, '/api/z/1.0/files', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example' },
    });
    expect([plain.status, plain.headers.get('access-control-allow-origin')]).toEqual([
      404,
      'https://app.example',
    ]);
    expect(sent).toEqual([]);
  });

  it('adds the origin, the exposed Retry-After and Vary to an allowed origin’s answer, nothing to another’s', async () => {
    const { relay } = relayOver(() => Response.json({}, { headers: { Vary: 'Accept' } }), {
      cors: { origins: (origin) => origin === 'https://app.example', headers: ['X-Session'] },
    });
    const allowed = await ask(relay, '/api/z/1.0/files', { headers: { Origin: 'https://app.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('Retry-After');
    expect(allowed.headers.get('vary')).toBe('Origin');
    const other = await ask(relay, '/api/z/1.0/files', { headers: { Origin: 'https://evil.example' } });
    expect([other.headers.get('access-control-allow-origin'), other.headers.get('vary')]).toEqual([
      null,
      null,
    ]);
    const none = await ask(relay, '/api/z/1.0/files');
    expect(none.headers.get('access-control-expose-headers')).toBeNull();
    const preflight = await ask(relay, '/api/z/1.0/files', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toBe('X-Session');
  });

  it('without cors, a preflight gets no CORS answer', async () => {
    const { relay } = relayOver(() => Response.json({}));
    const preflight = await ask(relay, '/api/z/1.0/files', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([404, null]);
  });
});

describe('failures (failure.ts) and error answers (relay-error.ts)', () => {
  it('maps each failure to its status, code and the relay’s own message', async () => {
    const cases: [unknown, number, string, string][] = [
      [new RequestRefusal('too_large', 'over 10 bytes'), 413, 'relay.request_too_large', 'over 10 bytes'],
      [new RequestRefusal('bad_request', 'no such field'), 400, 'relay.bad_request', 'no such field'],
      [new TimeoutError(`slow ${TOKEN}`), 504, 'relay.timeout', 'The site did not answer the relay in time'],
      [
        new ResponseTooLargeError('big', { url: 'https://site.example/', limit: 1 }),
        502,
        'relay.response_too_large',
        "The site's answer passed the relay's maxResponseBytes",
      ],
      [
        new ConnectionError(`down ${PASSWORD}`),
        502,
        'relay.upstream_unreachable',
        'The relay could not reach the site',
      ],
      [
        new ApiError('moved', {
          status: 302,
          code: 'redirect_refused',
          url: 'https://site.example/',
          method: 'GET',
        }),
        502,
        'relay.upstream_failed',
        'The site answered with a redirect the relay does not follow',
      ],
      [
        new ApiError('other', {
          status: 500,
          code: 'server_error',
          url: 'https://site.example/',
          method: 'GET',
        }),
        502,
        'relay.upstream_failed',
        'The relayed call failed',
      ],
      [new SdkError('odd'), 502, 'relay.upstream_failed', 'The relayed call failed'],
      [new Error('yours'), 500, 'relay.internal_error', 'The relay failed'],
      ['a string', 500, 'relay.internal_error', 'The relay failed'],
    ];
    for (const [error, status, code, message] of cases) {
      expect(await refusal(failureAnswer(error))).toEqual([status, code, message]);
    }
  });

  it('writes every error answer as JSON with the safe headers', async () => {
    const answer = relayError(418, 'relay.bad_request', 'why');
    expect(Object.fromEntries(answer.headers)).toEqual({
      'cache-control': 'private, no-cache',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
    expect([answer.status, await answer.json()]).toEqual([
      418,
      { error: 'relay.bad_request', message: 'why' },
    ]);
  });
});

describe('the upstream clients (upstream.ts)', () => {
  it('does not retry: a 503 and a dropped connection are each one request', async () => {
    const { relay, sent } = relayOver(
      () => new Response('busy', { status: 503, headers: { 'Retry-After': '0' } }),
    );
    expect((await ask(relay, '/api/z/1.0/files')).status).toBe(503);
    expect((await ask(relay, '/api.php?method=user.getUser')).status).toBe(503);
    expect(sent).toHaveLength(2);
    const dropped = relayOver(() => {
      throw new TypeError('fetch failed');
    });
    expect((await ask(dropped.relay, '/api/z/1.0/files')).status).toBe(502);
    expect(dropped.sent).toHaveLength(1);
  });

  it('relays an answer the schemas would refuse (validation off) and bounds it by maxResponseBytes (16 MiB by default)', async () => {
    const odd = relayOver(() => Response.json({ user_id: 'not a number', extra: [1] }));
    expect(await (await ask(odd.relay, '/api.php?method=user.getUser')).json()).toEqual({
      user_id: 'not a number',
      extra: [1],
    });
    const big = relayOver(() => new Response('x'.repeat(16 * 1024 * 1024 + 1)));
    expect(await refusal(await ask(big.relay, '/api/z/1.0/files'))).toEqual([
      502,
      'relay.response_too_large',
      "The site's answer passed the relay's maxResponseBytes",
    ]);
    const fits = relayOver(() => new Response('x'.repeat(1024 * 1024)));
    expect((await ask(fits.relay, '/api/z/1.0/files')).status).toBe(200);
  });

  it('sends the hub no cookie, the relay’s hooks and logger see the calls, a fixed token is redacted in them', async () => {
    const seen: string[] = [];
    const lines: string[] = [];
    const { relay, sent } = relayOver(() => Response.json({}), {
      hooks: { onRequest: ({ method, url }) => seen.push(`${method} ${url}`) },
      logLevel: 'debug',
      logger: { debug: (line: string) => lines.push(line), info: () => {}, warn: () => {}, error: () => {} },
    });
    await ask(relay, '/api/z/1.0/files');
    await ask(relay, '/api.php?method=user.getUser');
    expect(sent.map((request) => request.credentials)).toContain('omit');
    expect(seen).toHaveLength(2);
    expect(seen.join('\n')).not.toContain(TOKEN);
    expect(seen[1]).toContain('method=user.getUser');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('checks trustedOrigins at creation', () => {
    const hub = { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD };
    expect(() =>
      createRelay({
        authorize: () => true,
        hub,
        trustedOrigins: 'https://app.example' as unknown as string[],
      }),
    ).toThrow('trustedOrigins must be a list of origins or a function');
    expect(() => createRelay({ authorize: () => true, hub, trustedOrigins: () => false })).not.toThrow();
  });

  it('the forwarders refuse a call of the other API or one they do not forward (a programming error)', async () => {
    const options = { authorize: () => true };
    const app = new AppForwarder(
      appCore(options, { baseUrl: 'https://site.example/', token: TOKEN }),
      [],
      [],
      TOKEN,
      PHP_DEFAULT_LIMITS,
    );
    const hub = new HubForwarder(
      hubCore(options, { baseUrl: 'https://hub.example/', username: 'alice', password: PASSWORD }),
      [],
      {},
      undefined,
      PHP_DEFAULT_LIMITS,
    );
    const request = new Request('https://app.example/');
    const url = new URL(request.url);
    const appCall = { api: 'app' as const, method: 'user.getUser', httpMethod: 'GET' as const };
    const hubCall = { api: 'hub' as const, endpoint: 'files', httpMethod: 'GET' as const };
    await expect(app.forward(request, url, hubCall, 10)).rejects.toThrow('not an Application API call');
    await expect(app.forward(request, url, appCall, 10)).rejects.toThrow('not a method the relay forwards');
    await expect(hub.forward(request, url, appCall, 10)).rejects.toThrow('not a Native API call');
    await expect(hub.forward(request, url, hubCall, 10)).rejects.toThrow(
      'not an endpoint the relay forwards',
    );
    expect(await refusal(hub.call(url, { api: 'app', httpMethod: 'GET' }) as Response)).toEqual([
      403,
      'relay.forbidden',
      'The relay forwards api/z/1.0/<endpoint> calls only',
    ]);
  });

  it('aborts the upstream call when the page goes away, for both APIs', async () => {
    const signals: AbortSignal[] = [];
    const { relay } = relayOver(
      (request) =>
        new Promise<Response>((_, reject) => {
          signals.push(request.signal);
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    for (const path of ['/api/z/1.0/files', '/api.php?method=user.getUser']) {
      const page = new AbortController();
      const answer = ask(relay, path, { signal: page.signal });
      while (signals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      page.abort(new Error('page gone'));
      expect((await answer).status).toBe(500);
      expect(signals.pop()?.aborted).toBe(true);
    }
  });

  it('never quotes a method or an endpoint that is not a plain name', async () => {
    const { relay, sent } = relayOver(() => Response.json({}));
    for (const method of ['x user.getUser', 'user.getUser x', 'user.getUser&method=friend.getFriends']) {
      const answer = await ask(relay, `/api.php?method=${encodeURIComponent(method)}`);
      expect(await refusal(answer)).toEqual([
        403,
        'relay.forbidden',
        'The relay forwards api.php calls of one "module.method" in the query only',
      ]);
    }
    const twice = await ask(relay, '/api.php?method=user.getUser&method=friend.getFriends');
    expect((await refusal(twice))[2]).toBe(
      'The relay forwards api.php calls of one "module.method" in the query only',
    );
    for (const endpoint of ['files!', 'Files', 'files/', '/files']) {
      expect(await refusal(await ask(relay, `/api/z/1.0/${endpoint}`))).toEqual([
        403,
        'relay.forbidden',
        'The relay forwards api/z/1.0/<endpoint> calls only',
      ]);
    }
    expect(sent).toEqual([]);
  });

  it('refuses a hub on plain http outside loopback unless allowInsecureHttp', () => {
    const hub = { baseUrl: 'http://hub.example/', username: 'alice', password: PASSWORD };
    expect(() => createRelay({ authorize: () => true, hub })).toThrow(ArgumentError);
    expect(() =>
      createRelay({ authorize: () => true, hub: { ...hub, allowInsecureHttp: true } }),
    ).not.toThrow();
  });
});
