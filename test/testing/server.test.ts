import { describe, expect, it } from 'vitest';
import { createFakeSite, runFakeServerCli, startFakeServer } from '../../src/testing/index.js';
import { basic, useFakeServers } from './helpers.js';

const start = useFakeServers();

describe('startFakeServer', () => {
  it('serves both interfaces on 127.0.0.1, with links to itself', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect([server.appBaseUrl, server.hubBaseUrl]).toEqual([server.url, server.url]);
    const token = await (
      await fetch(`${server.appBaseUrl}token.php?key=${server.credentials.appKey}`)
    ).json();
    expect(token.token).toMatch(/[+/]/);
    const { username, password } = server.credentials.channel;
    const headers = { Authorization: basic(username, password) };
    const response = await fetch(
      `${server.hubBaseUrl}api/z/1.0/xchan?hash=${server.site.state.hub.channels[0]?.hash}`,
      { headers },
    );
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect((await response.json()).address).toBe(`alice@${new URL(server.url).host}`);
  });

  it('passes form and multipart bodies through the socket', async () => {
    const server = await start();
    const headers = { Authorization: basic('alice', 'secret-pass') };
    const form = new URLSearchParams({ body: 'over the wire', 'contact_allow[]': '' });
    const created = await (
      await fetch(`${server.url}api/z/1.0/item/update`, { method: 'POST', body: form, headers })
    ).json();
    expect(created).toMatchObject({ success: true, item: { body: 'over the wire' } });
    const token = (await (await fetch(`${server.url}token.php?key=${server.credentials.appKey}`)).json())
      .token;
    const upload = new FormData();
    upload.set('photo', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])]), 'p.jpg');
    upload.set('photo_name', 'p.jpg');
    const query = new URLSearchParams({ token, method: 'photo.addPhoto' });
    const added = await (
      await fetch(`${server.url}api.php?${query}`, { method: 'POST', body: upload })
    ).json();
    expect(added.output).toHaveProperty('1024px');
  });

  it('answers CORS preflights 204 before login and adds Allow-Origin with cors: true', async () => {
    const server = await start({ cors: true });
    const preflight = await fetch(`${server.url}api/z/1.0/channel/list`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://example.org',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    const denied = await fetch(`${server.url}api/z/1.0/channel/list`, {
      headers: { Origin: 'http://example.org' },
    });
    expect([denied.status, denied.headers.get('access-control-allow-origin')]).toEqual([401, '*']);
    expect(denied.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
  });

  it('behaves like the real servers by default (no CORS headers; Hubzilla’s preflight 401)', async () => {
    const server = await start();
    const preflight = await fetch(`${server.url}api/z/1.0/channel/list`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('www-authenticate')).toBe('Basic realm="hubzilla"');
    const app = await fetch(`${server.url}token.php?key=${server.credentials.appKey}`, {
      headers: { Origin: 'http://example.org' },
    });
    expect([app.status, app.headers.get('access-control-allow-origin')]).toEqual([200, null]);
    // phpFox's scripts answer a preflight as any call: an envelope, no Access-Control-* headers.
    const appPreflight = await fetch(`${server.url}api.php`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect(appPreflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(await appPreflight.text()).toContain('api.unable_to_find_api_key');
  });

  it('destroys the socket mid-body for a filedata reset, and before the status for resetAfterBytes 0', async () => {
    const server = await start({ faults: { filedata: [{ offset: 0, fault: 'reset' }] } });
    const headers = { Authorization: basic('alice', 'secret-pass') };
    const url = `${server.url}api/z/1.0/filedata?file_id=${server.site.files.big.file_id}&start=0&length=65536`;
    const response = await fetch(url, { headers });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(80_000);
    expect(response.headers.has('x-fake-reset-after')).toBe(false);
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect((await fetch(url, { headers })).status).toBe(200);
    server.site.faults = { fail: [{ resetAfterBytes: 0 }] };
    await expect(fetch(url, { headers })).rejects.toThrow();
    server.site.faults = { fail: [{ status: 503, retryAfter: 1 }] };
    const busy = await fetch(url, { headers });
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([503, '1']);
  });

  it('serves a given site and closes cleanly (the port is released)', async () => {
    const site = createFakeSite({ basePath: '/social/' });
    const server = await startFakeServer({ site });
    expect(server.url).toMatch(/\/social\/$/);
    expect(await (await fetch(`${server.url}api/z/1.0/version`)).json()).toBe('8.8.7');
    await server.close();
    await expect(fetch(`${server.url}api/z/1.0/version`)).rejects.toThrow();
  });
});

describe('runFakeServerCli', () => {
  it('starts, prints the URL and credentials, and stops on its signal', async () => {
    const output: string[] = [];
    const controller = new AbortController();
    const running = runFakeServerCli(['fake-server', '--port', '0', '--envelope', '3.5'], {
      write: (text) => output.push(text),
      signal: controller.signal,
    });
    await expect
      .poll(() => output.join(''), { timeout: 10_000 })
      .toMatch(/Site root \(baseUrl\): (http:\S+)/);
    const url = /Site root \(baseUrl\): (http:\S+)/.exec(output.join(''))?.[1] ?? '';
    expect(output.join('')).toMatch(/alice \/ secret-pass/);
    expect(output.join('')).toMatch(/carol \/ colon:pass/);
    expect(output.join('')).toMatch(/OAuth 2\.0 client: +fake-app \/ fake-app-secret +\(alice; /);
    expect(await (await fetch(`${url}api/z/1.0/version`)).json()).toBe('8.8.7');
    controller.abort();
    expect(await running).toBe(0);
    await expect(fetch(`${url}api/z/1.0/version`)).rejects.toThrow();
  });

  it('prints usage for --help (0) and for bad arguments (2)', async () => {
    const output: string[] = [];
    const io = {
      write: (text: string) => output.push(text),
      writeError: (text: string) => output.push(text),
    };
    expect(await runFakeServerCli(['--help'], io)).toBe(0);
    expect(await runFakeServerCli(['--port', 'abc'], io)).toBe(2);
    expect(await runFakeServerCli(['--bogus'], io)).toBe(2);
    expect(output.join('')).toMatch(/Usage: socialsite-sdk fake-server/);
  });
});
