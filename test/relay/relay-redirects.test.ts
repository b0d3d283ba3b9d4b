import { describe, expect, it } from 'vitest';
import { codeOf, GUARD_PASSWORD, GUARD_TOKEN, useGuardedRelay } from './guard-support.js';

/**
 * Issue 39: the hub answered `files` with a 302/307 to `channel/export/basic`, and the relay
 * followed it with the site's Basic credentials: the page got the channel's private key. Over real
 * HTTP, a loopback site that redirects and records every request.
 */
describe('the relay never follows an upstream redirect', () => {
  const start = useGuardedRelay();
  const basic = `Basic ${Buffer.from(`alice:${GUARD_PASSWORD}`).toString('base64')}`;
  const targets = (upstream: string) => [
    `${upstream}api/z/1.0/channel/export/basic`,
    '/api/z/1.0/item/update?body=spam',
    '/api/z/1.0/files?channel=bob',
    `${upstream}api.php?method=notification.get`,
    `${upstream}token.php`,
    'http://127.0.0.2:9/elsewhere',
  ];

  it.each([301, 302, 303, 307, 308])(
    '%i from the hub or the phpFox site: 502, one request, nothing at the Location',
    async (status) => {
      let target = '';
      const { relayUrl, upstreamUrl, recorded } = await start({}, (_, response) => {
        response
          .writeHead(status, { Location: target, 'Content-Type': 'application/json' })
          .end('{"moved":1}');
      });
      for (const location of targets(upstreamUrl)) {
        target = location;
        for (const [path, init] of [
          ['api/z/1.0/files', {}],
          ['api.php?method=user.getUser', {}],
          ['api/z/1.0/item/update', { method: 'POST', body: new URLSearchParams({ body: 'hi' }) }],
        ] as const) {
          const before = recorded.length;
          const answer = await fetch(`${relayUrl}${path}`, init);
          const text = await answer.clone().text();
          expect([location, path, ...(await codeOf(answer))]).toEqual([
            location,
            path,
            502,
            'relay.upstream_failed',
          ]);
          expect(text).not.toContain('export');
          expect(text).not.toContain('moved');
          // One request for the page's call, none at the Location: each credential sent once.
          expect(recorded.slice(before).map((request) => request.url.split('?')[0])).toEqual([
            path.startsWith('api.php') ? '/api.php' : `/${path}`,
          ]);
        }
      }
      const hubCalls = recorded.filter((request) => request.url.startsWith('/api/z/'));
      expect(hubCalls.every((request) => request.authorization === basic)).toBe(true);
      expect(recorded.filter((request) => request.url.includes(GUARD_TOKEN))).toHaveLength(
        targets(upstreamUrl).length,
      );
    },
  );

  it('refuses the other 3xx too (300, 304, 305): no answer the page could read', async () => {
    let status = 300;
    const { relayUrl, recorded } = await start({}, (_, response) => {
      response.writeHead(status, { Location: '/api/z/1.0/channel/export/basic' }).end();
    });
    for (status of [300, 304, 305]) {
      expect([status, ...(await codeOf(await fetch(`${relayUrl}api/z/1.0/files`)))]).toEqual([
        status,
        502,
        'relay.upstream_failed',
      ]);
    }
    expect(recorded).toHaveLength(3);
  });
});
