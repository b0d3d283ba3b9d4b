import { afterEach, describe, expect, it } from 'vitest';
import { basic } from '../testing/helpers.js';
import { type RunningFakeServer, startFakeServerCli } from './run-cli.js';

const ALICE = { Authorization: basic('alice', 'secret-pass') };

let running: RunningFakeServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

/** Starts the command with `flags` and keeps it for the clean-up. */
async function serve(...flags: string[]): Promise<RunningFakeServer> {
  running = await startFakeServerCli(...flags);
  return running;
}

/** The `file_id` of the big file, from the banner. */
function bigFileId(server: RunningFakeServer): string {
  return /Big file: +(\S+)/.exec(server.output())?.[1] ?? '';
}

function filedata(server: RunningFakeServer, start: number, length: number): Promise<Response> {
  const query = new URLSearchParams({
    file_id: bigFileId(server),
    start: String(start),
    length: String(length),
  });
  return fetch(`${server.url}api/z/1.0/filedata?${query}`, { headers: ALICE });
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

describe('socialsite-sdk fake-server: each fault flag changes what the server answers over HTTP', () => {
  it('--latency delays every answer, and the banner says so', async () => {
    const slow = await serve('--latency', '400');
    expect(slow.output()).toMatch(/^ {4}latency: 400 ms before every answer$/m);
    // A lower bound only, which load cannot break (a loaded machine answers later, never sooner).
    // That the delay is the flag's, not the machine's, flags-to-options.test.ts shows (latencyMs).
    const delayed = await timed(() => fetch(`${slow.url}api/z/1.0/version`).then((r) => r.json()));
    expect(delayed).toBeGreaterThanOrEqual(390);
  });

  it('--fail answers matching requests with the status and Retry-After, as many times as asked', async () => {
    const server = await serve(
      '--fail',
      '503,retry-after=7,path=api/z/1.0/version,times=2',
      '--fail',
      '429,path=token.php',
    );
    expect(server.output()).toContain(
      'fail: HTTP 503 with Retry-After: 7, for requests whose path contains "api/z/1.0/version", 2 times',
    );
    const version = `${server.url}api/z/1.0/version`;
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(version);
      answers.push([response.status, response.headers.get('retry-after')]);
      await response.arrayBuffer();
    }
    expect(answers).toEqual([
      [503, '7'],
      [503, '7'],
      [200, null],
    ]);
    const token = await fetch(`${server.url}token.php?key=x`);
    expect([token.status, token.headers.get('retry-after')]).toEqual([429, null]);
  });

  it('--fail with an HTTP date sends it as the Retry-After header, only for the method given', async () => {
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    const server = await serve('--fail', `status=503,method=post,retry-after=${date}`);
    expect((await fetch(`${server.url}api/z/1.0/version`)).status).toBe(200);
    const posted = await fetch(`${server.url}api/z/1.0/version`, { method: 'POST' });
    expect([posted.status, posted.headers.get('retry-after')]).toEqual([503, date]);
  });

  it('--drop drops the connection from the nth matching request on', async () => {
    const server = await serve('--drop', 'path=version,nth=2,times=all');
    const version = `${server.url}api/z/1.0/version`;
    expect(await (await fetch(version)).json()).toBe('8.8.7');
    await expect(fetch(version)).rejects.toThrow();
    await expect(fetch(version)).rejects.toThrow();
    expect((await fetch(`${server.url}api/z/1.0/channel/list`, { headers: ALICE })).status).toBe(200);
  });

  it('--chunk-short answers the chunk at that offset with fewer bytes, once', async () => {
    const server = await serve('--chunk-short', '1000,bytes=10');
    const short = await (await filedata(server, 1000, 100)).json();
    expect(short.attach).toMatchObject({ start: 1000, length: 10 });
    const whole = await (await filedata(server, 1000, 100)).json();
    expect(whole.attach).toMatchObject({ start: 1000, length: 100 });
    const other = await (await filedata(server, 0, 100)).json();
    expect(other.attach.length).toBe(100);
  });

  it('--chunk-error answers the chunk at that offset with the status', async () => {
    const server = await serve('--chunk-error', '0,status=502,times=2');
    expect((await filedata(server, 0, 100)).status).toBe(502);
    expect((await filedata(server, 0, 100)).status).toBe(502);
    expect((await filedata(server, 0, 100)).status).toBe(200);
  });

  it('--chunk-reset drops the connection in the middle of the chunk', async () => {
    const server = await serve('--chunk-reset', '0');
    const response = await filedata(server, 0, 65536);
    expect(response.status).toBe(200);
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect((await filedata(server, 0, 65536)).status).toBe(200);
  });
});

describe('socialsite-sdk fake-server: the site flags change what the site answers', () => {
  it('--envelope 3.9 and --body-prefix bom: 276-letter tokens behind a UTF-8 BOM', async () => {
    const server = await serve('--envelope', '3.9', '--body-prefix', 'bom');
    const key = /App key: +(\S+)/.exec(server.output())?.[1] ?? '';
    const bytes = new Uint8Array(await (await fetch(`${server.url}token.php?key=${key}`)).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { token } = JSON.parse(new TextDecoder().decode(bytes.slice(3)));
    expect(token).toMatch(/^[A-Za-z0-9]{276}$/);
  });

  it('--no-app-api answers token.php with api.enable_api_support', async () => {
    const server = await serve('--no-app-api');
    expect(await (await fetch(`${server.url}token.php?key=x`)).text()).toContain('api.enable_api_support');
  });

  it('--no-cors answers a preflight 401 without CORS headers; --base-path moves the site', async () => {
    const server = await serve('--no-cors', '--base-path', '/social');
    expect(server.url).toMatch(/\/social\/$/);
    const preflight = await fetch(`${server.url}api/z/1.0/channel/list`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([401, null]);
    expect(server.output()).toMatch(/CORS off/);
  });

  it('--cors answers a preflight 204 with Allow-Origin (for pages that call the fake directly)', async () => {
    const server = await serve('--cors');
    const preflight = await fetch(`${server.url}api/z/1.0/channel/list`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.org', 'Access-Control-Request-Method': 'GET' },
    });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
    expect(server.output()).toMatch(/CORS on/);
  });

  it('prints the flavour and "Faults: none" by default, and stops with exit 0', async () => {
    const server = await serve();
    expect(server.output()).toMatch(/Site: +phpFox 3\.0, seed 1, list totals count, body prefix none,/);
    expect(server.output()).toMatch(/^ {2}Faults: +none$/m);
    running = undefined;
    expect(await server.stop()).toBe(0);
    expect(server.output()).toMatch(/fake server stopped\n$/);
  });
});
