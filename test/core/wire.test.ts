import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sdkUserAgent } from '../../src/core/request/user-agent.js';
import { AppClient, ConnectionError, TimeoutError } from '../../src/index.js';
import { TOKEN } from '../app/phpfox.js';
import { useLoopbackServer } from '../support/loopback.js';

const loopback = useLoopbackServer();
const USER = JSON.stringify({
  api: { total: 0, pages: 0, current_page: 0 },
  output: {
    user_id: '7',
    user_name: 'jane',
    full_name: 'Jane',
    joined: '1',
    country_iso: 'US',
    gender: 'Female',
    email: null,
    photo_50px: '',
    photo_50px_square: '',
    photo_120px: '',
    photo_original: '',
    profile_url: '',
  },
});
const fast = { limit: 2, delay: () => 0 };

/** The global fetch, calling `onHeaders` when an answer's headers are in (its body may stall after). */
function fetchReporting(onHeaders: () => void): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    onHeaders();
    return response;
  };
}

describe('the wire', () => {
  it("an abort mid-body stops the read at once with the caller's reason", async () => {
    const baseUrl = await loopback.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(USER.length) });
      response.write(USER.slice(0, 20));
    });
    const controller = new AbortController();
    const reason = new Error('stop reading');
    // The abort comes after the headers, while the body stalls, however late a loaded machine runs it.
    // Without it the read would wait for the 60 s timeout (a TimeoutError, past the test's own timeout).
    const client = new AppClient({
      baseUrl,
      token: TOKEN,
      timeout: 60_000,
      fetch: fetchReporting(() => setTimeout(() => controller.abort(reason), 50)),
    });
    await expect(client.user.getUser({}, { signal: controller.signal })).rejects.toBe(reason);
  });

  it('a body that stalls half-way ends in TimeoutError, never a hang', async () => {
    const baseUrl = await loopback.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(USER.length) });
      response.write(USER.slice(0, 20));
    });
    let answered = 0;
    // 1 s per attempt: far more than the headers take even on a loaded machine (they must come first
    // for the body to stall), far less than the test's timeout (a hang).
    const client = new AppClient({
      baseUrl,
      token: TOKEN,
      timeout: 1000,
      retry: { limit: 1, delay: () => 0 },
      fetch: fetchReporting(() => answered++),
    });
    const error = await client.user.getUser().catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    // The headers came and the body stalled, on both attempts (the read is retried once).
    expect((error as Error).message).toMatch(/did not finish its answer within 1000 ms/);
    expect([answered, loopback.state.hits]).toEqual([2, 2]);
  });

  it('a connection reset in the middle of the body is retried for a read, and the retry succeeds', async () => {
    const baseUrl = await loopback.serve((_, response, attempt) => {
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(USER.length) });
      if (attempt === 1) {
        response.write(USER.slice(0, 30));
        setTimeout(() => response.socket?.destroy(), 10);
      } else {
        response.end(USER);
      }
    });
    const user = await new AppClient({ baseUrl, token: TOKEN, retry: fast }).user.getUser();
    expect(user.user_id).toBe(7);
    expect(loopback.state.hits).toBe(2);
  });

  it('a reset in the middle of an upload answer is a ConnectionError, not retried', async () => {
    const baseUrl = await loopback.serve((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'Content-Length': '500' });
        response.write('{"api":');
        setTimeout(() => response.socket?.destroy(), 10);
      });
    });
    const client = new AppClient({ baseUrl, token: TOKEN, retry: fast });
    const error = await client.photo
      .addPhoto({ photo: new Uint8Array(10), photo_name: 'x.jpg' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(loopback.state.hits).toBe(1);
  });

  it('a socket reset before any header is retried, then a ConnectionError', async () => {
    const baseUrl = await loopback.serve((request) => request.socket.destroy());
    const error = await new AppClient({ baseUrl, token: TOKEN, retry: fast }).user.getUser().catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(loopback.state.hits).toBe(3);
  });

  it('a closed port is a ConnectionError that names the cause', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const client = new AppClient({ baseUrl: `http://127.0.0.1:${port}/`, token: TOKEN, retry: 0 });
    const error = await client.user.getUser().catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/ECONNREFUSED|fetch failed/);
  });
});

describe('User-Agent', () => {
  it('sends socialsite-sdk/<version> with the runtime, which a client header can replace', async () => {
    const agents: (string | undefined)[] = [];
    const baseUrl = await loopback.serve((request, response) => {
      agents.push(request.headers['user-agent']);
      response.end(USER);
    });
    await new AppClient({ baseUrl, token: TOKEN }).user.getUser();
    await new AppClient({ baseUrl, token: TOKEN, headers: { 'user-agent': 'my-app/2' } }).user.getUser();
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(agents).toEqual([`socialsite-sdk/${version} node/${process.versions.node}`, 'my-app/2']);
  });

  it('sends none in a browser, where it would force a CORS preflight', () => {
    expect(sdkUserAgent({ document: {}, process: { versions: { node: '24' } } })).toBeUndefined();
    expect(sdkUserAgent({ Deno: { version: { deno: '2.1.0' } } })).toMatch(/ deno\/2\.1\.0$/);
  });
});
