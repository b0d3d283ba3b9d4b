import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppClient, ArgumentError, NativeClient, NotFoundError } from '../../src/index.js';
import { TOKEN } from '../app/phpfox.js';
import { useMswServer } from '../support/msw.js';

/*
 * A baseUrl pasted as the API's own address (`https://hub.example/api/z/1.0`, `https://site/api.php`)
 * used to end in a bare 404 at `api/z/1.0/api/z/1.0/...`. Where the mistake is certain, the client
 * refuses it at construction and names the right URL; a 404 otherwise names the baseUrl in use.
 */

const { server, requests } = useMswServer();
const login = { username: 'alice', password: 'secret-pass' };

function refusal(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    return (error as Error).message;
  }
  throw new Error('no ArgumentError');
}

describe('a baseUrl at the API, refused at construction with the fix', () => {
  it.each([
    ['https://hub.example/api/z/1.0', 'https://hub.example/'],
    ['https://hub.example/api/z/1.0/', 'https://hub.example/'],
    ['https://hub.example/api/z', 'https://hub.example/'],
    ['https://hub.example/api/z/1.0/files?x=1', 'https://hub.example/'],
    ['https://example.org/hub/api/z/1.0', 'https://example.org/hub/'],
    ['https://hub.example/index.php', 'https://hub.example/'],
  ])('NativeClient %s → use %s', (baseUrl, fixed) => {
    const message = refusal(() => new NativeClient({ baseUrl, ...login }));
    expect(message).toContain(`use "${fixed}"`);
  });

  it.each([
    ['https://site.example/api.php', 'https://site.example/'],
    ['https://site.example/token.php?key=abc', 'https://site.example/'],
    ['https://site.example/social/index.php', 'https://site.example/social/'],
  ])('AppClient %s → use %s', async (baseUrl, fixed) => {
    expect(refusal(() => new AppClient({ baseUrl, token: TOKEN }))).toContain(`use "${fixed}"`);
    await expect(AppClient.fromKey('a-key', { baseUrl })).rejects.toThrow(`use "${fixed}"`);
    expect(requests).toHaveLength(0);
  });

  it('never quotes the query, which may hold the key', () => {
    expect(
      refusal(() => new AppClient({ baseUrl: 'https://site.example/token.php?key=s3cr3t', token: TOKEN })),
    ).not.toContain('s3cr3t');
  });

  it('a site root stays accepted, with or without its slash', () => {
    expect(() => new NativeClient({ baseUrl: 'https://example.org/hub', ...login })).not.toThrow();
    expect(() => new AppClient({ baseUrl: 'https://site.example/', token: TOKEN })).not.toThrow();
  });
});

describe('a 404 names the baseUrl to check', () => {
  it('NativeClient: the hub answers an unknown endpoint', async () => {
    server.use(
      http.all('https://hub.example/*', () =>
        HttpResponse.json({ error: 'not implemented' }, { status: 404 }),
      ),
    );
    const hub = new NativeClient({ baseUrl: 'https://hub.example/api/', ...login });
    const error = await hub.version().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(String(error)).toContain("baseUrl is not the hub's root");
    expect(String(error)).toContain('baseUrl is "https://hub.example/api/"');
  });

  it('AppClient: token.php is not there', async () => {
    server.use(
      http.all('https://site.example/*', () => new HttpResponse('<h1>Not Found</h1>', { status: 404 })),
    );
    const error = await AppClient.fromKey('a-key', { baseUrl: 'https://site.example/apps/' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(String(error)).toContain('the site folder that holds token.php and api.php');
    expect(String(error)).toContain('baseUrl is "https://site.example/apps/"');
  });
});
