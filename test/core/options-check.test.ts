import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, AuthenticationError, NativeClient, SdkError } from '../../src/index.js';

/** Options are checked when a client is made: an `ArgumentError` before any request, never a TypeError. */
const base = { baseUrl: 'https://site.example/', token: 'a-token-value' };
const hubBase = { baseUrl: 'https://hub.example/', username: 'alice', password: 'pass-word-secret' };

describe('options checked at construction', () => {
  it.each([
    ['timeout NaN', { timeout: Number.NaN }],
    ['timeout 0', { timeout: 0 }],
    ['timeout as a string', { timeout: '30' }],
    ['retry -1', { retry: -1 }],
    ['retry 1.5', { retry: 1.5 }],
    ['retry.limit -2', { retry: { limit: -2 } }],
    ['retry.statusCodes', { retry: { statusCodes: [700] } }],
    ['retry.delay not a function', { retry: { delay: 5 } }],
    ['a header with CRLF', { headers: { 'X-Trace': 'a\r\nInjected: 1' } }],
    ['a header name with a space', { headers: { 'X Trace': 'a' } }],
    ['validation typo', { validation: 'stict' }],
    ['fetch not a function', { fetch: 'fetch' }],
    ['a hook not a function', { hooks: { onError: true } }],
    ['maxResponseBytes 0', { maxResponseBytes: 0 }],
  ])('%s → ArgumentError (both clients)', (_, bad) => {
    for (const make of [
      () => new AppClient({ ...base, ...(bad as object) }),
      () => new NativeClient({ ...hubBase, ...(bad as object) }),
    ]) {
      let thrown: unknown;
      try {
        make();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ArgumentError);
      expect(thrown).toBeInstanceOf(SdkError);
      expect((thrown as ArgumentError).code).toBe('invalid_argument');
    }
  });

  it('a baseUrl with credentials is refused without echoing them', () => {
    for (const make of [
      () => new AppClient({ ...base, baseUrl: 'https://user:hunter2secret@site.example/' }),
      () => new NativeClient({ ...hubBase, baseUrl: 'https://user:hunter2secret@hub.example/' }),
    ]) {
      let thrown: unknown;
      try {
        make();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ArgumentError);
      expect(`${(thrown as Error).message} ${(thrown as Error).stack}`).not.toContain('hunter2secret');
    }
  });

  it('per-call options are checked too', async () => {
    const app = new AppClient({ ...base, fetch: () => Promise.reject(new Error('no request expected')) });
    await expect(app.user.getUser({}, { timeout: -1 })).rejects.toBeInstanceOf(ArgumentError);
    await expect(app.user.getUser({}, { headers: { 'X-A': 'b\nc' } })).rejects.toBeInstanceOf(ArgumentError);
  });

  it('bad arguments are ArgumentErrors too', async () => {
    const app = new AppClient(base);
    await expect(app.friend.isFriend({} as never)).rejects.toBeInstanceOf(ArgumentError);
    const hub = new NativeClient(hubBase);
    expect(() => hub.files.download('50%')).toThrow(ArgumentError);
  });
});

describe('the token is the contract says', () => {
  it.each([[''], ['   '], [undefined], [42]])(
    'new AppClient({ token: %o }) → AuthenticationError',
    (token) => {
      expect(() => new AppClient({ baseUrl: base.baseUrl, token: token as never })).toThrow(
        AuthenticationError,
      );
    },
  );

  it('is readable, but neither inspection nor serialization shows it', () => {
    const app = new AppClient({ ...base, token: 'secret+token/value=' });
    expect(app.token).toBe('secret+token/value=');
    expect(Object.keys(app)).not.toContain('token');
    for (const shown of [
      inspect(app, { depth: 5, showHidden: true }),
      JSON.stringify(app),
      String(app),
      `${inspect({ app })}`,
    ]) {
      expect(shown).not.toContain('secret+token');
    }
    expect(JSON.parse(JSON.stringify(app))).toEqual({
      client: 'AppClient',
      baseUrl: 'https://site.example/',
      validation: 'strict',
    });
  });

  it('NativeClient shows neither the password nor the Basic credentials', () => {
    const hub = new NativeClient(hubBase);
    const basic = btoa('alice:pass-word-secret');
    for (const shown of [inspect(hub, { depth: 5, showHidden: true }), JSON.stringify(hub)]) {
      expect(shown).not.toContain('pass-word-secret');
      expect(shown).not.toContain(basic);
    }
    expect(inspect(hub)).toContain('NativeClient');
  });
});
