import { describe, expect, it } from 'vitest';
import { codeOf, formPost, useGuardedRelay } from './guard-support.js';

/**
 * Issue 39: a form on another site posts through the relay with the user's cookies (`SameSite=None`,
 * as a phpFox iframe app needs), and `authorize` sees a valid session. Over real HTTP: the relay on
 * `node:http`, the site a loopback server that records what reaches it.
 */
describe('writes are same-origin by default', () => {
  const start = useGuardedRelay();

  it('refuses a POST from another origin, Origin: null, or Sec-Fetch-Site cross-site/same-site: 403 relay.cross_site, nothing sent', async () => {
    const { relayUrl, recorded } = await start();
    for (const headers of [
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'none' },
      { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    ]) {
      const hub = await fetch(`${relayUrl}api/z/1.0/item/update`, formPost(headers));
      expect([headers, ...(await codeOf(hub))]).toEqual([headers, 403, 'relay.cross_site']);
      const app = await fetch(`${relayUrl}api.php?method=photo.addPhoto`, formPost(headers, 'photo_name=x'));
      expect([headers, ...(await codeOf(app))]).toEqual([headers, 403, 'relay.cross_site']);
    }
    expect(recorded).toEqual([]);
  });

  it('refuses before authorize is asked, whatever it would say', async () => {
    let asked = 0;
    const { relayUrl, recorded } = await start({
      authorize: () => {
        asked++;
        return true;
      },
    });
    const answer = await fetch(
      `${relayUrl}api/z/1.0/item/update`,
      formPost({ Origin: 'http://evil.example' }),
    );
    expect(await codeOf(answer)).toEqual([403, 'relay.cross_site']);
    expect([asked, recorded.length]).toEqual([0, 0]);
  });

  it('takes a POST from its own origin, by Origin or by Sec-Fetch-Site: same-origin', async () => {
    const { relayUrl, recorded, origin } = await start();
    const byOrigin = await fetch(`${relayUrl}api/z/1.0/item/update`, formPost({ Origin: origin }));
    expect(byOrigin.status).toBe(200);
    // Behind a proxy the Host differs from the page's origin: the browser's own verdict decides.
    const bySite = await fetch(
      `${relayUrl}api/z/1.0/item/update`,
      formPost({ Origin: 'https://public.example', 'Sec-Fetch-Site': 'same-origin' }),
    );
    expect(bySite.status).toBe(200);
    expect(recorded.map((request) => [request.method, request.body])).toEqual([
      ['POST', 'body=spam'],
      ['POST', 'body=spam'],
    ]);
  });

  it('takes a POST with neither Origin nor Sec-Fetch-Site (no browser sent it: curl, a server)', async () => {
    const { relayUrl, recorded } = await start();
    const answer = await fetch(`${relayUrl}api/z/1.0/item/update`, formPost());
    expect(answer.status).toBe(200);
    expect(recorded).toHaveLength(1);
  });

  it('takes a POST from an origin in trustedOrigins (list or test) or cors.origins, not from another', async () => {
    const listed = await start({ trustedOrigins: ['https://app.example'] });
    const tested = await start({ trustedOrigins: (origin) => origin === 'https://app.example' });
    const cors = await start({ cors: { origins: ['https://app.example'] } });
    for (const { relayUrl, recorded } of [listed, tested, cors]) {
      const trusted = { Origin: 'https://app.example', 'Sec-Fetch-Site': 'cross-site' };
      expect((await fetch(`${relayUrl}api/z/1.0/item/update`, formPost(trusted))).status).toBe(200);
      const other = await fetch(
        `${relayUrl}api/z/1.0/item/update`,
        formPost({ Origin: 'https://app.example.evil' }),
      );
      expect(await codeOf(other)).toEqual([403, 'relay.cross_site']);
      expect(recorded).toHaveLength(1);
    }
  });

  it('leaves reads as they were: a GET from another origin passes (CORS decides who reads the answer)', async () => {
    const { relayUrl, recorded } = await start();
    const answer = await fetch(`${relayUrl}api/z/1.0/files`, {
      headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(recorded).toHaveLength(1);
  });
});
