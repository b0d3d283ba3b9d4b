import { describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, AuthenticationError, NativeClient } from '../../src/index.js';

/** Both clients made without credentials fail the same way, before any request. */
describe('missing credentials', () => {
  it.each([
    [
      'AppClient without a token',
      () => new AppClient({ baseUrl: 'https://site.example' } as never),
      'AppClient',
    ],
    [
      'AppClient with an empty token',
      () => new AppClient({ baseUrl: 'https://site.example', token: ' ' }),
      'AppClient',
    ],
    [
      'NativeClient without any',
      () => new NativeClient({ baseUrl: 'https://hub.example' } as never),
      'NativeClient',
    ],
  ])('%s: AuthenticationError, code missing_credentials, naming what to pass', (_, make, client) => {
    const error = (() => {
      try {
        make();
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'missing_credentials', status: 0, name: 'AuthenticationError' });
    expect((error as Error).message).toMatch(new RegExp(`^${client} needs credentials: pass `));
    expect((error as Error).message).toMatch(
      client === 'AppClient' ? /AppClient\.fromKey/ : /username and password/,
    );
  });

  it('two ways to authenticate at once stay an ArgumentError', () => {
    expect(
      () =>
        new NativeClient({
          baseUrl: 'https://hub.example',
          username: 'a',
          password: 'b',
          accessToken: 't',
        } as never),
    ).toThrow(ArgumentError);
  });
});
