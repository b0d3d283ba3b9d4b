import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, ConnectionError, NativeClient } from '../../src/index.js';

/** Issue 40: the hint names the real mistake (a typo, a host with no DNS answer, a server not running). */

const TOKEN = 'tok3nOfTheUserAbcdefghijklmnopqrstuvwxyz0123456789';
const fast = { limit: 2, delay: () => 0 };
const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A fetch that fails as undici does when getaddrinfo finds nothing (no DNS query leaves the machine). */
const noDns = (code: 'ENOTFOUND' | 'EAI_AGAIN') => async (input: RequestInfo | URL) => {
  const host = new URL(String(input)).hostname;
  const lookup = Object.assign(new Error(`getaddrinfo ${code} ${host}`), { code, hostname: host });
  throw new TypeError('fetch failed', { cause: lookup });
};

describe('hints that find the real mistake', () => {
  it('says a host looks like a misspelt localhost, not that plain http is refused', () => {
    const cases: [string, string][] = [
      ['http://locahost:8080/', 'http://localhost:8080/'],
      ['http://lcoalhost/hub/', 'http://localhost/hub/'],
      ['https://localhsot:8443/', 'https://localhost:8443/'],
    ];
    for (const [baseUrl, meant] of cases) {
      const host = new URL(baseUrl).hostname;
      const message = `baseUrl's host "${host}" looks like a misspelt "localhost": did you mean "${meant}"?`;
      expect(() => new NativeClient({ baseUrl, username: 'alice', password: 'pw' })).toThrow(
        new ArgumentError(message),
      );
      expect(() => new AppClient({ baseUrl, token: TOKEN })).toThrow(new ArgumentError(message));
    }
    // Real names stay theirs: a container named localhost2, a loghost, any dotted name.
    for (const baseUrl of ['http://localhost2:8080/', 'https://loghost/', 'https://locahost.example/']) {
      expect(() => new AppClient({ baseUrl, token: TOKEN })).not.toThrow();
    }
    expect(
      () => new NativeClient({ baseUrl: 'http://localhost:8080/', username: 'a', password: 'p' }),
    ).not.toThrow();
  });

  it('a closed port: a ConnectionError with the attempts, their time, and what to check', async () => {
    const port = await closedPort();
    const origin = `http://127.0.0.1:${port}`;
    const error = await caught(
      new AppClient({ baseUrl: `${origin}/`, token: TOKEN, retry: fast }).user.getUser(),
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error?.message).toMatch(
      new RegExp(
        `^Could not reach ${origin}/api\\.php\\?\\S+: fetch failed \\(connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\)\\. ` +
          `3 attempts over \\d+(?: ms|\\.\\d s): is the server running at ${origin}, and is baseUrl right\\?$`,
      ),
    );
    expect(error?.message).not.toContain(TOKEN);
    expect(error?.stack?.split('\n')[0]).toBe(`ConnectionError: ${error?.message}`);
    // A write is sent once: one attempt, said so.
    const once = await caught(
      new AppClient({ baseUrl: `${origin}/`, token: TOKEN, retry: 0 }).user.getUser(),
    );
    expect(once?.message).toMatch(/\. 1 attempt over \d+ ms: is the server running at /);
  });

  it('a host with no DNS answer says so, and what to check', async () => {
    const baseUrl = 'https://hub.invalid/';
    const hub = new NativeClient({
      baseUrl,
      username: 'alice',
      password: 'pw',
      retry: fast,
      fetch: noDns('ENOTFOUND'),
    });
    const error = await caught(hub.groups.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error?.message).toContain(
      'fetch failed (getaddrinfo ENOTFOUND hub.invalid); the host "hub.invalid" has no DNS answer: check its spelling in baseUrl. 3 attempts over ',
    );
    const later = new NativeClient({
      baseUrl,
      username: 'alice',
      password: 'pw',
      retry: 0,
      fetch: noDns('EAI_AGAIN'),
    });
    expect((await caught(later.groups.list()))?.message).toContain(
      `no DNS answer for "hub.invalid" (the lookup failed for now): check this machine's network and DNS, and the host's spelling in baseUrl. 1 attempt over `,
    );
  });
});
