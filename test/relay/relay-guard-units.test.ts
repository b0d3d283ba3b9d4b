import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizeCall } from '../../src/relay/authorize-call.js';
import { BodyTimeout, withBodyDeadline } from '../../src/relay/body-deadline.js';
import { PendingCalls } from '../../src/relay/pending-calls.js';
import { crossSiteRefusal, trustedOriginTest } from '../../src/relay/same-origin.js';
import { ask, refusal, relayOver } from './in-process.js';

const writes = {
  hub: {
    baseUrl: 'https://hub.example/',
    username: 'alice',
    password: 'pa55-word-of-alice',
    allow: { 'item/update': ['POST' as const] },
  },
};
const form = (headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  body: 'body=hi',
});

/** A body that sends `first` and then nothing, recording why it was cancelled. */
function stalledBody(first = 'body=') {
  const cancelled: unknown[] = [];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
    cancel(reason) {
      cancelled.push(reason);
    },
  });
  return { body, cancelled };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the relay guard, in process (issue 39)', () => {
  it('says why it refuses a cross-site write', async () => {
    const { relay, sent } = relayOver(() => Response.json({}), writes);
    const answer = await ask(relay, '/api/z/1.0/item/update', form({ Origin: 'https://evil.example' }));
    expect(await refusal(answer)).toEqual([
      403,
      'relay.cross_site',
      'The relay takes writes from its own origin only (or one listed in trustedOrigins or cors.origins)',
    ]);
    expect(sent).toEqual([]);
  });

  it('compares Origin with the request URL’s own origin (scheme, host and port)', () => {
    const none = trustedOriginTest({ authorize: () => true });
    const url = new URL('https://app.example/social/api/z/1.0/item/update');
    const post = (origin: string) => new Request(url, { method: 'POST', headers: { Origin: origin } });
    expect(crossSiteRefusal(post('https://app.example'), url, none)).toBeUndefined();
    for (const other of ['http://app.example', 'https://app.example:8443', 'https://www.app.example']) {
      expect(crossSiteRefusal(post(other), url, none)?.status).toBe(403);
    }
    expect(crossSiteRefusal(new Request(url, { headers: { Origin: 'null' } }), url, none)).toBeUndefined();
  });

  it('trusts only a test that answers true, and none by default', () => {
    expect(trustedOriginTest({ authorize: () => true })('https://app.example')).toBe(false);
    const loose = trustedOriginTest({
      authorize: () => true,
      trustedOrigins: (() => 'yes') as unknown as (origin: string) => boolean,
    });
    expect(loose('https://app.example')).toBe(false);
    const both = trustedOriginTest({
      authorize: () => true,
      trustedOrigins: ['https://a.example'],
      cors: { origins: (origin) => origin === 'https://b.example' },
    });
    expect(['https://a.example', 'https://b.example', 'https://c.example'].map(both)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('leaves no timer behind, whatever the call became', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { relay } = relayOver(() => Response.json({}), {
      ...writes,
      authorize: (_, call) => call.httpMethod === 'POST',
    });
    expect((await ask(relay, '/api/z/1.0/item/update', form())).status).toBe(200);
    expect(
      (await ask(relay, '/api/z/1.0/item/update', form({ Origin: 'https://evil.example' }))).status,
    ).toBe(403);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a refused call releases the body’s deadline: nothing fires later', async () => {
    const { relay } = relayOver(() => Response.json({}), {
      ...writes,
      authorize: () => false,
      bodyTimeout: 20,
    });
    const { body, cancelled } = stalledBody();
    const answer = await ask(relay, '/api/z/1.0/item/update', {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cancelled).toEqual([]);
  });

  it('cancels the page’s body when bodyTimeout passes while nobody reads it (a slow authorize)', async () => {
    const { relay } = relayOver(() => Response.json({}), {
      ...writes,
      authorize: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 80)),
      bodyTimeout: 20,
    });
    const { body, cancelled } = stalledBody();
    const answer = await ask(relay, '/api/z/1.0/item/update', {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(403);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toBeInstanceOf(BodyTimeout);
  });

  it('answers 408 with the limit in its message, and cancels the page’s stream with the reason', async () => {
    const { relay, sent } = relayOver(() => Response.json({}), { ...writes, bodyTimeout: 30 });
    const { body, cancelled } = stalledBody();
    const answer = await ask(relay, '/api/z/1.0/item/update', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    } as RequestInit);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await refusal(answer)).toEqual([
      408,
      'relay.body_timeout',
      'The request body did not arrive within 30 ms (bodyTimeout)',
    ]);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toBeInstanceOf(BodyTimeout);
    expect(sent).toEqual([]);
  });

  it('withBodyDeadline: the same bytes in time, the same request without a body, a cancel passed on', async () => {
    const request = new Request('https://app.example/x', { method: 'POST', body: 'a=1&b=2' });
    const timed = withBodyDeadline(request, 1000);
    expect(timed.request.method).toBe('POST');
    expect(timed.request.url).toBe('https://app.example/x');
    expect(await timed.request.text()).toBe('a=1&b=2');
    timed.release();
    const get = new Request('https://app.example/y');
    expect(withBodyDeadline(get, 1000).request).toBe(get);
    const { body, cancelled } = stalledBody();
    const stalled = withBodyDeadline(
      new Request('https://app.example/z', { method: 'POST', body, duplex: 'half' } as RequestInit),
      1000,
    );
    await stalled.request.body?.cancel('page gone');
    expect(cancelled).toEqual(['page gone']);
    expect(new BodyTimeout(5)).toMatchObject({
      name: 'BodyTimeout',
      message: 'The request body did not arrive within 5 ms (bodyTimeout)',
    });
  });

  it('withBodyDeadline clears its timer once the body is whole or cancelled, without release()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const whole = withBodyDeadline(
      new Request('https://app.example/x', { method: 'POST', body: 'a=1' }),
      1000,
    );
    expect(vi.getTimerCount()).toBe(1);
    await whole.request.text();
    expect(vi.getTimerCount()).toBe(0);
    const { body } = stalledBody();
    const stalled = withBodyDeadline(
      new Request('https://app.example/z', { method: 'POST', body, duplex: 'half' } as RequestInit),
      1000,
    );
    await stalled.request.body?.cancel('gone');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a deadline that passes with nobody reading leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const { body, cancelled } = stalledBody();
      withBodyDeadline(
        new Request('https://app.example/z', { method: 'POST', body, duplex: 'half' } as RequestInit),
        5,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(cancelled[0]).toBeInstanceOf(BodyTimeout);
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(unhandled).toEqual([]);
  });

  it('a POST without Origin is not let through by a trust test that says yes to anything', () => {
    const url = new URL('https://app.example/social/api/z/1.0/item/update');
    const all = trustedOriginTest({ authorize: () => true, trustedOrigins: () => true });
    const crossSite = new Request(url, { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSiteRefusal(crossSite, url, all)?.status).toBe(403);
  });

  it('authorizeCall: true passes; false, a truthy non-true or a throw refuse; late is a 503 naming the limit', async () => {
    const request = new Request('https://app.example/');
    const call = { api: 'hub' as const, endpoint: 'files', httpMethod: 'GET' as const };
    expect(await authorizeCall(() => true, request, call, 100)).toBeUndefined();
    expect(
      await refusal(
        (await authorizeCall(async () => true, request, call, 100)) ??
          Response.json({ error: 'passed', message: '' }),
      ),
    ).toEqual([200, 'passed', '']);
    const refused = await authorizeCall(() => 'yes' as unknown as boolean, request, call, 100);
    expect(await refusal(refused!)).toEqual([
      403,
      'relay.forbidden',
      'This session may not make this call (authorize)',
    ]);
    const thrown = await authorizeCall(
      () => {
        throw new Error('store down');
      },
      request,
      call,
      100,
    );
    expect(await refusal(thrown!)).toEqual([500, 'relay.internal_error', 'authorize failed']);
    const late = await authorizeCall(() => new Promise<boolean>(() => {}), request, call, 25);
    expect(await refusal(late!)).toEqual([
      503,
      'relay.authorize_timeout',
      'authorize did not answer within 25 ms (authorizeTimeout)',
    ]);
  });

  it('authorizeCall leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const call = { api: 'app' as const, method: 'user.getUser', httpMethod: 'GET' as const };
    await authorizeCall(() => true, new Request('https://app.example/'), call, 10_000);
    await authorizeCall(
      () => Promise.reject(new Error('x')),
      new Request('https://app.example/'),
      call,
      10_000,
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('PendingCalls: a slot per call, the busy answer at once, slots given back on failure', async () => {
    const pending = new PendingCalls(1);
    let finish = (_: Response) => {};
    const first = pending.run(() => new Promise<Response>((resolve) => (finish = resolve)));
    const busy = await pending.run(async () => new Response('never'));
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await refusal(busy)).toEqual([
      503,
      'relay.busy',
      'The relay has 1 calls under way (maxPendingCalls): try again shortly',
    ]);
    finish(new Response('first'));
    expect(await (await first).text()).toBe('first');
    await expect(pending.run(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await (await pending.run(async () => new Response('again'))).text()).toBe('again');
  });
});

describe('upstream answers the relay passes or refuses', () => {
  it('passes 2xx and 4xx as they are, refuses every 3xx, and an empty body stays empty', async () => {
    for (const [status, expected] of [
      [200, 200],
      [299, 299],
      [300, 502],
      [399, 502],
      [400, 400],
    ] as const) {
      const { relay } = relayOver(
        () => new Response('{"a":1}', { status, headers: { 'Content-Type': 'application/json' } }),
      );
      const answer = await ask(relay, '/api/z/1.0/files');
      expect([status, answer.status]).toEqual([status, expected]);
      if (expected === 502)
        expect(await refusal(answer)).toEqual([
          502,
          'relay.upstream_failed',
          'The site answered with a redirect the relay does not follow',
        ]);
      else expect(await answer.text()).toBe('{"a":1}');
    }
    const { relay } = relayOver(() => new Response(null, { status: 200 }));
    const empty = await ask(relay, '/api/z/1.0/files');
    expect([empty.status, empty.body, await empty.text()]).toEqual([200, null, '']);
  });
});
