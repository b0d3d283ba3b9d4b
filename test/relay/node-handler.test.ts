import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { type NodeIncoming, type NodeOutgoing, toNodeHandler } from '../../src/relay.js';

/** What the handler was given. */
interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  signal: AbortSignal;
}

/** A fake `IncomingMessage`: its body, headers and a `close` the test can fire. */
function incoming(init: Partial<NodeIncoming> & { chunks?: string[] }): NodeIncoming {
  const chunks = init.chunks ?? [];
  return {
    headers: {},
    ...init,
    async *[Symbol.asyncIterator]() {
      for (const chunk of chunks) yield new TextEncoder().encode(chunk);
    },
    once: () => undefined,
  };
}

/** A fake `ServerResponse` that records what it was sent; `full` makes the first write ask for `drain`. */
function outgoing(full = false) {
  const listeners: Record<string, (() => void)[]> = {};
  const sent = {
    status: 0,
    headers: {} as Record<string, string | string[]>,
    body: '',
    ended: false,
    destroyed: false,
  };
  let first = true;
  const out: NodeOutgoing & { fire(event: string): void; writableFinished: boolean } = {
    writableFinished: false,
    writeHead(status, headers) {
      sent.status = status;
      sent.headers = headers;
    },
    write(chunk) {
      sent.body += new TextDecoder().decode(chunk);
      if (full && first) {
        first = false;
        queueMicrotask(() => out.fire('drain'));
        return false;
      }
      return true;
    },
    end() {
      sent.ended = true;
    },
    once(event, listener) {
      listeners[event] = [...(listeners[event] ?? []), listener];
    },
    destroy() {
      sent.destroyed = true;
    },
    fire(event) {
      for (const listener of listeners[event]?.splice(0) ?? []) listener();
    },
  };
  return { out, sent };
}

async function seenBy(request: Request, seen: Seen[]): Promise<void> {
  seen.push({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: request.body === null ? null : await request.text(),
    signal: request.signal,
  });
}

describe('toNodeHandler', () => {
  const seen: Seen[] = [];
  const server = createServer(
    toNodeHandler(async (request) => {
      await seenBy(request, seen);
      if (request.url.endsWith('/wait')) {
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve));
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of ['one ', 'two ', 'three']) controller.enqueue(new TextEncoder().encode(piece));
          controller.close();
        },
      });
      return new Response(body, { status: 201, headers: { 'X-Answer': 'yes', 'Cache-Control': 'no-store' } });
    }),
  );
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands the method, path, query, headers and body to the handler, and its status, headers and body back', async () => {
    const base = await listening;
    const answer = await fetch(`${base}/social/api.php?method=user.getUser`, {
      method: 'POST',
      headers: { 'X-Session': 'abc', 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect([answer.status, answer.headers.get('x-answer'), answer.headers.get('cache-control')]).toEqual([
      201,
      'yes',
      'no-store',
    ]);
    expect(await answer.text()).toBe('one two three');
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: `${base}/social/api.php?method=user.getUser`,
      headers: { 'x-session': 'abc', 'content-type': 'text/plain' },
      body: 'hello',
    });
    await fetch(`${base}/x`);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', body: null });
  });

  it('aborts the handler’s request when the client goes away', async () => {
    const base = await listening;
    const controller = new AbortController();
    const pending = fetch(`${base}/wait`, { signal: controller.signal }).catch(() => undefined);
    while (!seen.some((entry) => entry.url.endsWith('/wait')))
      await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await pending;
    const waited = seen.find((entry) => entry.url.endsWith('/wait')) as Seen;
    while (!waited.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(String(waited.signal.reason)).toContain('The client went away');
  });

  it('reads Express’s originalUrl, repeated headers and the host; waits for drain; never aborts a finished answer', async () => {
    const calls: Seen[] = [];
    const handler = toNodeHandler(async (request) => {
      await seenBy(request, calls);
      return new Response('ab', { headers: { 'X-One': '1' } });
    });
    const { out, sent } = outgoing(true);
    await handler(
      incoming({
        method: 'PUT',
        url: '/api.php',
        originalUrl: '/social/api.php?x=1',
        headers: { host: 'app.example:8443', 'x-multi': ['a', 'b'], 'x-none': undefined },
        chunks: ['he', 'llo'],
      }),
      out,
    );
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: 'http://app.example:8443/social/api.php?x=1',
      headers: { 'x-multi': 'a, b' },
      body: 'hello',
    });
    expect(calls[0]?.headers).not.toHaveProperty('x-none');
    expect(sent).toMatchObject({ status: 200, body: 'ab', ended: true, destroyed: false });
    expect(sent.headers).toMatchObject({ 'x-one': '1', 'content-type': 'text/plain;charset=UTF-8' });
    out.writableFinished = true;
    out.fire('close');
    expect(calls[0]?.signal.aborted).toBe(false);

    await handler(incoming({ headers: {} }), outgoing().out);
    expect(calls[1]).toMatchObject({ method: 'GET', url: 'http://localhost/', body: null });
    await handler(incoming({ url: '/u', headers: {}, method: 'HEAD' }), outgoing().out);
    expect(calls[2]).toMatchObject({ method: 'HEAD', url: 'http://localhost/u', body: null });
  });

  it('answers with no body when the handler’s has none, and drops the connection when the handler throws', async () => {
    const empty = outgoing();
    await toNodeHandler(async () => new Response(null, { status: 204 }))(incoming({}), empty.out);
    expect(empty.sent).toMatchObject({ status: 204, body: '', ended: true, destroyed: false });
    const failing = outgoing();
    await toNodeHandler(async () => {
      throw new Error('boom');
    })(incoming({}), failing.out);
    expect(failing.sent).toMatchObject({ destroyed: true, ended: false });
  });
});

describe('toNodeHandler and the relay’s own origin (issue 39)', () => {
  it('gives the handler an https: URL on an encrypted connection, http: otherwise, with the Host', async () => {
    const urls: string[] = [];
    const handler = toNodeHandler(async (request) => {
      urls.push(request.url);
      return new Response(null, { status: 204 });
    });
    const headers = { host: 'app.example:8443' };
    await handler(incoming({ url: '/social/x', headers, socket: { encrypted: true } }), outgoing().out);
    await handler(incoming({ url: '/social/x', headers, socket: {} }), outgoing().out);
    await handler(incoming({ url: '/social/x', headers }), outgoing().out);
    expect(urls).toEqual([
      'https://app.example:8443/social/x',
      'http://app.example:8443/social/x',
      'http://app.example:8443/social/x',
    ]);
  });
});
