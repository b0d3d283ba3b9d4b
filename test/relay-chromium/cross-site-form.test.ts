import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, DEFAULT_HUB_ALLOW, toNodeHandler } from '../../src/relay.js';
import { resolveChromium } from '../support/chromium.js';

/**
 * Issue 39's cross-site write, as a browser makes it: a page on another site (127.0.0.2) holds a
 * plain HTML form that posts `item/update` to the relay (127.0.0.1) and submits itself. The relay's
 * `authorize` says yes to everything, as it would to a cookie session a `SameSite=None` cookie
 * carries along: only the browser's `Origin`/`Sec-Fetch-Site` can tell the post apart. The same
 * form served from the relay's own origin is the control: it reaches the site.
 * (Outside test/relay: Stryker runs test/relay per mutant, without a browser.)
 */
const formPage = (action: string) => `<!doctype html><html><body>
<form method="POST" action="${action}"><input type="hidden" name="body" value="spam from a form"></form>
<script>document.forms[0].submit();</script></body></html>`;

const servers: Server[] = [];
let browser: Browser;
let relayOrigin = '';
let attackerOrigin = '';
const recorded: { method: string; url: string; body: string }[] = [];

async function listen(server: Server, host: string): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const upstream = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      recorded.push({ method: request.method ?? '', url: request.url ?? '', body });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"success":true}');
    });
  });
  const upstreamUrl = await listen(upstream, '127.0.0.1');
  const relay = toNodeHandler(
    createRelay({
      basePath: '/social/',
      authorize: () => true,
      hub: {
        baseUrl: `${upstreamUrl}/`,
        username: 'alice',
        password: 'pa55-word-of-alice',
        allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] },
      },
    }),
  );
  // The relay's own origin also serves the app's page (the control).
  const site = createServer((request, response) => {
    if (request.url === '/page') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(formPage('/social/api/z/1.0/item/update'));
    } else void relay(request, response);
  });
  relayOrigin = await listen(site, '127.0.0.1');
  const attacker = createServer((_, response) => {
    response
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(formPage(`${relayOrigin}/social/api/z/1.0/item/update`));
  });
  attackerOrigin = await listen(attacker, '127.0.0.2');
  const { executablePath, args } = await resolveChromium();
  browser = await chromium.launch({ executablePath, args });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** Opens `url`, whose form submits itself, and returns the relay's answer to the post. */
async function submitFrom(
  url: string,
): Promise<{ status: number; text: string; headers: Record<string, string> }> {
  const page = await browser.newPage();
  try {
    const posted = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.goto(url);
    const response = await posted;
    return {
      status: response.status(),
      text: await response.text(),
      headers: await response.request().allHeaders(),
    };
  } finally {
    await page.close();
  }
}

describe('a cross-site HTML form in Chromium (issue 39)', () => {
  it('posted from another site: 403 relay.cross_site, and the site receives nothing', async () => {
    const { status, text, headers } = await submitFrom(`${attackerOrigin}/`);
    expect(headers.origin).toBe(attackerOrigin);
    expect(status).toBe(403);
    expect(text).toContain('relay.cross_site');
    expect(recorded).toEqual([]);
  });

  it('posted from the relay’s own origin: it reaches the site (the control)', async () => {
    const { status, headers } = await submitFrom(`${relayOrigin}/page`);
    expect(headers.origin).toBe(relayOrigin);
    expect(status).toBe(200);
    expect(recorded.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', '/api/z/1.0/item/update', 'body=spam+from+a+form'],
    ]);
  });
});
