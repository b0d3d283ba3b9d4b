import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RelayCall } from '../../src/relay.js';
import { codeOf, useGuardedRelay } from './guard-support.js';

/** The relay's raw answer to a POST whose body of `length` bytes is sent one byte every `everyMs`. */
function trickle(relayUrl: string, length: number, everyMs: number): Promise<{ head: string; sent: number }> {
  const url = new URL(`${relayUrl}api/z/1.0/item/update`);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let sent = 0;
    let head = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.on('connect', () => {
      socket.write(
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`,
      );
      timer = setInterval(() => {
        if (sent < length && !socket.destroyed) {
          socket.write('a', () => {});
          sent++;
        }
      }, everyMs);
    });
    socket.on('data', (chunk) => {
      head += chunk.toString();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ head, sent });
    });
    setTimeout(() => reject(new Error('the relay held the connection')), 15_000).unref();
  });
}

describe('deadlines and bounds (issue 39)', () => {
  const start = useGuardedRelay();

  it('refuses a body that does not arrive within bodyTimeout: 408 relay.body_timeout, the connection closed, nothing sent', async () => {
    const { relayUrl, recorded } = await start({ bodyTimeout: 300 });
    const { head, sent } = await trickle(relayUrl, 60, 100);
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(head).toContain('relay.body_timeout');
    expect(head.toLowerCase()).toContain('connection: close');
    // Refused (and the connection closed) while the page was still sending.
    expect(sent).toBeLessThan(60);
    expect(recorded).toEqual([]);
  });

  it('takes a whole body that arrives in time, however it is cut', async () => {
    const { relayUrl, recorded } = await start({ bodyTimeout: 10_000 });
    const { head } = await new Promise<{ head: string }>((resolve) => {
      const url = new URL(`${relayUrl}api/z/1.0/item/update`);
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\n\r\nbody`,
        );
        setTimeout(() => socket.write('=spam'), 50);
      });
      let head = '';
      socket.on('data', (chunk) => (head += chunk.toString()));
      socket.on('close', () => resolve({ head }));
    });
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(recorded.map((request) => request.body)).toEqual(['body=spam']);
  });

  it('answers 503 relay.authorize_timeout when authorize does not settle within authorizeTimeout; nothing sent', async () => {
    const { relayUrl, recorded } = await start({
      authorizeTimeout: 100,
      authorize: () => new Promise<boolean>(() => {}),
    });
    expect(await codeOf(await fetch(`${relayUrl}api/z/1.0/files`))).toEqual([503, 'relay.authorize_timeout']);
    expect(
      await codeOf(
        await fetch(`${relayUrl}api/z/1.0/item/update`, {
          method: 'POST',
          body: new URLSearchParams({ body: 'x' }),
        }),
      ),
    ).toEqual([503, 'relay.authorize_timeout']);
    expect(recorded).toEqual([]);
  });

  it('keeps at most maxPendingCalls upstream calls under way: 503 relay.busy with Retry-After, then takes calls again', async () => {
    const stalled: (() => void)[] = [];
    const { relayUrl, recorded } = await start({ maxPendingCalls: 2 }, (_, response) => {
      stalled.push(() => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
    });
    const first = [fetch(`${relayUrl}api/z/1.0/files`), fetch(`${relayUrl}api.php?method=user.getUser`)];
    while (recorded.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const busy = await fetch(`${relayUrl}api/z/1.0/files`);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await codeOf(busy)).toEqual([503, 'relay.busy']);
    expect(recorded).toHaveLength(2);
    for (const release of stalled.splice(0)) release();
    expect((await Promise.all(first)).map((answer) => answer.status)).toEqual([200, 200]);
    const again = fetch(`${relayUrl}api/z/1.0/files`);
    while (stalled.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    stalled[0]!();
    expect((await again).status).toBe(200);
  });

  it('frees a slot when a call fails, so failures do not use the bound up', async () => {
    const { relayUrl } = await start({ maxPendingCalls: 1 }, (_, response) => response.destroy());
    for (let round = 0; round < 3; round++) {
      expect(await codeOf(await fetch(`${relayUrl}api/z/1.0/files`))).toEqual([
        502,
        'relay.upstream_unreachable',
      ]);
    }
  });
});

describe('authorize sees a frozen copy of the call (issue 39)', () => {
  const start = useGuardedRelay();

  it('an authorize that sets call.endpoint throws in strict code (500) and nothing is sent', async () => {
    const seen: RelayCall[] = [];
    const { relayUrl, recorded } = await start({
      authorize: (_, call) => {
        seen.push(call);
        (call as { endpoint: string }).endpoint = 'abook';
        return true;
      },
    });
    expect(await codeOf(await fetch(`${relayUrl}api/z/1.0/files`))).toEqual([500, 'relay.internal_error']);
    expect(recorded).toEqual([]);
    expect(Object.isFrozen(seen[0])).toBe(true);
    expect(seen[0]).toEqual({ api: 'hub', endpoint: 'files', httpMethod: 'GET' });
  });

  it('in sloppy code the assignment changes nothing: what is forwarded is what was checked', async () => {
    // A Function body is sloppy code, as an authorize in a CommonJS file without "use strict".
    const sloppy = new Function(
      'request',
      'call',
      "call.endpoint = 'abook'; call.method = 'notification.get'; return true;",
    );
    const { relayUrl, recorded } = await start({ authorize: sloppy as () => boolean });
    expect((await fetch(`${relayUrl}api/z/1.0/files`)).status).toBe(200);
    expect((await fetch(`${relayUrl}api.php?method=user.getUser`)).status).toBe(200);
    expect(recorded.map((request) => request.url.replace(/token=[^&]*&?/, ''))).toEqual([
      '/api/z/1.0/files',
      '/api.php?method=user.getUser',
    ]);
  });
});
