import { describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, NativeClient } from '../../src/index.js';

describe('the clients’ relay option', () => {
  it('sends no credentials: no token in the query, no Authorization, cookies as the browser decides', async () => {
    const seen: Request[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return Response.json({ api: { total: 0 }, output: { user_id: 1, full_name: 'A', user_name: 'a' } });
    };
    const app = new AppClient({ relay: 'https://app.example/social/', fetch, validation: 'off' });
    await app.user.getUser();
    const hub = new NativeClient({ relay: 'https://app.example/social/', fetch, validation: 'off' });
    await hub.groups.list().catch(() => undefined);
    const [toApp, toHub] = seen;
    expect(toApp?.url).toBe('https://app.example/social/api.php?method=user.getUser');
    expect(toHub?.url).toBe('https://app.example/social/api/z/1.0/group');
    expect(toHub?.headers.get('authorization')).toBeNull();
    expect(toHub?.credentials).not.toBe('omit');
    expect(JSON.stringify(hub)).toContain('"relay":true');
  });

  it('refuses credentials, a channel or a baseUrl beside relay, and a path without a page to resolve it', () => {
    const relay = 'https://app.example/social/';
    // @ts-expect-error the page holds no token with a relay
    expect(() => new AppClient({ relay, token: 't0ken-value' })).toThrow(ArgumentError);
    // @ts-expect-error nor a password
    expect(() => new NativeClient({ relay, username: 'alice', password: 'secret-pass' })).toThrow(
      /no credentials/,
    );
    // @ts-expect-error the relay decides the channel
    expect(() => new NativeClient({ relay, channel: 'bob' })).toThrow(ArgumentError);
    // @ts-expect-error a client calls the site or a relay
    expect(() => new AppClient({ relay, baseUrl: relay })).toThrow(/relay or baseUrl/);
    expect(() => new NativeClient({ relay: '/social/' })).toThrow(/absolute URL outside a browser page/);
  });
});
