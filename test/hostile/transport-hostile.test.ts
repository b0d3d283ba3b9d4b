import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decideRedirect } from '../../src/core/http/redirect-policy.js';
import {
  ApiError,
  AppClient,
  type AppClientOptions,
  NativeClient,
  type NativeClientBaseOptions,
  ResponseTooLargeError,
  SdkError,
  TimeoutError,
  ValidationError,
} from '../../src/index.js';
import { useLoopbackServer } from '../support/loopback.js';

/*
 * A transport that trusts no server, on real loopback sockets: redirects decided by the SDK, bodies
 * bounded in bytes (after decompression) and time (one deadline per attempt), and every failure a
 * typed error that is retried only when it can pass.
 */
const main = useLoopbackServer();
const elsewhere = useLoopbackServer();
const TOKEN = 'tok+en/with=secret-0123456789';
const USER_JSON = JSON.stringify({
  api: { total: 0, pages: 0, current_page: 0 },
  output: {
    user_id: '1',
    user_name: 'u',
    full_name: 'U',
    joined: '1',
    country_iso: null,
    gender: 'Female',
    email: null,
    photo_50px: '',
    photo_50px_square: '',
    photo_120px: '',
    photo_original: '',
    profile_url: '',
  },
});

const app = (baseUrl: string, options: Partial<AppClientOptions> = {}) =>
  new AppClient({ baseUrl, token: TOKEN, retry: { limit: 2, delay: () => 0 }, ...options });
const hub = (baseUrl: string, options: Partial<NativeClientBaseOptions> = {}) =>
  new NativeClient({
    baseUrl,
    username: 'alice',
    password: 'pass-word-secret',
    retry: { limit: 2, delay: () => 0 },
    ...options,
  });

describe('redirects', () => {
  it('a read is never followed to another origin; the token never reaches it', async () => {
    const other = await elsewhere.serve((_, response) => response.end(USER_JSON));
    const base = await main.serve((request, response) => {
      response.writeHead(302, {
        Location: `${other}api.php${request.url?.slice(request.url.indexOf('?')) ?? ''}`,
      });
      response.end();
    });
    const urls: string[] = [];
    const client = app(base, { hooks: { onError: ({ url }) => urls.push(url) } });
    const failure = await client.user.getUser().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 302, code: 'redirect_refused' });
    expect(elsewhere.state.hits).toBe(0);
    expect(main.state.hits).toBe(1); // a refused redirect is not retried
    expect(JSON.stringify({ failure, message: (failure as Error).message, urls })).not.toContain('tok+en');
    expect(String((failure as Error).message)).not.toContain(`${other.slice(0, -1)}/api.php?`);
  });

  it.each([301, 302, 303, 307, 308])(
    'a write answered %i is refused, sent once, never re-sent or turned into a GET',
    async (status) => {
      const base = await main.serve((_, response) => {
        response.writeHead(status, { Location: '/api/z/1.0/item/update' });
        response.end();
      });
      const failure = await hub(base)
        .items.update({ body: 'once' })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'ApiError', status, code: 'redirect_refused' });
      expect(main.state.hits).toBe(1);
    },
  );

  it('a same-origin redirect of a read is followed, and hooks name the URL that answered', async () => {
    const base = await main.serve((request, response) => {
      if (request.url?.startsWith('/old/')) {
        response.writeHead(301, { Location: request.url.replace('/old/', '/') });
        return response.end();
      }
      response.end(USER_JSON);
    });
    const answered: string[] = [];
    const client = app(`${base}old/`, { hooks: { onResponse: ({ url }) => answered.push(url) } });
    await expect(client.user.getUser()).resolves.toMatchObject({ user_id: 1 });
    expect(answered).toHaveLength(1);
    expect(answered[0]).not.toContain('/old/');
    expect(answered[0]).toContain('token=[REDACTED]');
  });

  it('gives up after 3 same-origin redirects', async () => {
    const base = await main.serve((request, response) => {
      response.writeHead(302, { Location: request.url ?? '/' });
      response.end();
    });
    await expect(app(base).user.getUser()).rejects.toMatchObject({ code: 'redirect_refused', status: 302 });
    expect(main.state.hits).toBe(4);
  });

  it('the policy: never https to http, never another origin, never a write, a few hops at most', () => {
    const from = new URL('https://site.example/api.php?token=x');
    expect(decideRedirect(from, 'http://site.example/api.php', { idempotent: true, hops: 0 })).toMatchObject({
      follow: false,
      reason: expect.stringMatching(/https to http/),
    });
    expect(
      decideRedirect(from, 'https://site.example:8443/api.php', { idempotent: true, hops: 0 }),
    ).toMatchObject({
      follow: false,
    });
    expect(decideRedirect(from, '/other', { idempotent: false, hops: 0 })).toMatchObject({ follow: false });
    expect(decideRedirect(from, '/other', { idempotent: true, hops: 3 })).toMatchObject({ follow: false });
    expect(decideRedirect(from, null, { idempotent: true, hops: 0 })).toMatchObject({ follow: false });
    expect(decideRedirect(from, '/other?x=1', { idempotent: true, hops: 2 })).toEqual({
      follow: true,
      to: new URL('https://site.example/other?x=1'),
    });
  });
});

describe('bodies bounded in bytes', () => {
  it('a gzip bomb stops at maxResponseBytes (counted decoded), once, not retried', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)); // 64 MiB of spaces, ~64 KB on the wire
    const base = await main.serve((_, response) => {
      response.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Type': 'application/json' });
      response.end(bomb);
    });
    const before = process.memoryUsage().rss;
    const failure = await app(base, { maxResponseBytes: 1024 * 1024 })
      .user.getUser()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(failure).toMatchObject({ limit: 1024 * 1024, code: 'response_too_large' });
    expect(main.state.hits).toBe(1);
    // A generous sanity bound, not a measurement: reading the whole bomb would add 64+ MiB.
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('an endless body stops at the limit instead of filling memory until the timeout', async () => {
    const base = await main.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {}
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    const failure = await hub(base, { maxResponseBytes: 2 * 1024 * 1024 })
      .groups.list()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(main.state.hits).toBe(1);
  });

  it('a filedata chunk is bounded by what its length can hold, whatever the client limit', async () => {
    const huge = 'QUFB'.repeat(1024 * 1024); // 4 MiB of base64 for a 1 KiB request
    const base = await main.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        `{"attach":{"hash":"abc","filesize":3145728,"start":0,"length":3145728,"content":"${huge}"}}`,
      );
    });
    const failure = await hub(base)
      .files.data({ file_id: 'abc', start: 0, length: 1024 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseTooLargeError);
    expect(main.state.hits).toBe(1);
  });
});

describe('one deadline per attempt', () => {
  it('headers late and a slow body: the body gets what is left of the timeout, not a fresh one', async () => {
    // Headers at 250 ms, then the body over another 250 ms: within a fresh 300 ms for the body alone
    // (the old behaviour), but past the single 300 ms deadline of the attempt.
    const base = await main.serve((_, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.write(USER_JSON.slice(0, 10));
        setTimeout(() => response.end(USER_JSON.slice(10)), 250);
      }, 250);
    });
    const failure = await app(base, { timeout: 300, retry: 0 })
      .user.getUser()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
  });
});

describe('every failure a typed error, reported once', () => {
  it('a 50,000-deep JSON value ends in a ValidationError, never a RangeError', async () => {
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const base = await main.serve((_, response) => response.end(`{"api":{"total":0},"output":${deep}}`));
    const errors: unknown[] = [];
    const client = app(base, { hooks: { onError: ({ error }) => errors.push(error) } });
    for (const call of [() => client.user.getUser(), () => client.friend.getFriends().toArray()]) {
      const failure = await call().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SdkError);
      expect(failure).not.toBeInstanceOf(RangeError);
    }
    expect(errors).toHaveLength(2);
  });

  it.each(['warn', 'off'] as const)(
    'validation %s: null or {} where a list belongs is a ValidationError, never a TypeError or a non-list',
    async (validation) => {
      for (const body of ['null', '{}', '{"results": {}}', '"text"']) {
        const base = await main.serve((_, response) => response.end(body));
        const errors: unknown[] = [];
        const client = hub(base, { validation, hooks: { onError: ({ error }) => errors.push(error) } });
        for (const call of [
          () => client.groups.list(),
          () => client.files.list().toArray(),
          () => client.albums.list(),
          () => client.abook.list(),
        ]) {
          const failure = await call().then(
            (value) => (Array.isArray(value) ? 'a list' : value),
            (error: unknown) => error,
          );
          if (failure !== 'a list') expect(failure).toBeInstanceOf(ValidationError);
        }
        expect(errors.every((error) => error instanceof ValidationError)).toBe(true);
      }
    },
  );

  it('a base64 decode failure in files.data reaches onError, exactly once', async () => {
    const base = await main.serve((_, response) =>
      response.end('{"attach":{"hash":"abc","filesize":10,"start":0,"length":3,"content":"!!not base64!!"}}'),
    );
    const errors: unknown[] = [];
    const failure = await hub(base, { hooks: { onError: ({ error }) => errors.push(error) } })
      .files.data({ file_id: 'abc', start: 0, length: 3 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect(errors).toEqual([failure]);
  });

  it('app.call parameters can never replace the token or the method, and run the typed checks', async () => {
    const seen: string[] = [];
    const base = await main.serve((request, response) => {
      seen.push(request.url ?? '');
      response.end(USER_JSON);
    });
    const client = app(base);
    // A method the SDK does not know takes any parameter, but never these two.
    await client.call('custom.getThing', { token: 'X', method: 'mail.delete' });
    const query = new URL(seen[0] ?? '', base).searchParams;
    expect(query.getAll('token')).toEqual([TOKEN]);
    expect(query.getAll('method')).toEqual(['custom.getThing']);
    // A known method refuses them before sending, as any parameter it does not take.
    await expect(client.call('user.getUser', { token: 'X' } as never)).rejects.toThrow(
      /"token" is not a parameter of user.getUser/,
    );
    await expect(client.call('friend.isFriend', {} as never)).rejects.toBeInstanceOf(SdkError);
    expect(seen).toHaveLength(1);
  });
});
