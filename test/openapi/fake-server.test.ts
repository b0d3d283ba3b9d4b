import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { answerChecker, type Document } from './answer-check.js';

/*
 * The fake server serves the documents at `openapi/app.json` and `openapi/native.json`, pointing at
 * itself: what an API explorer or a code generator would be given. The fake's own answers to
 * requests made from the documents validate against them.
 */

let server: FakeServer;

beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

async function served(name: string): Promise<Document & { servers: { url: string }[] }> {
  const response = await fetch(new URL(`openapi/${name}.json`, server.url));
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  return response.json();
}

describe('the fake server', () => {
  it('serves native.json with itself as the server, and its answers validate', async () => {
    const document = await served('native');
    const root = `${server.hubBaseUrl}api/z/1.0`;
    expect(document.servers).toEqual([{ url: root, description: expect.any(String) }]);
    const checker = answerChecker(document, 'native.json');
    const { username, password } = server.credentials.channel;
    const authorization = `Basic ${btoa(`${username}:${password}`)}`;
    const reads = [
      '/version',
      '/files',
      '/albums',
      '/photos',
      '/group',
      '/abook',
      '/abconfig',
      '/channel/stream',
      '/network/stream',
      '/channel/export/basic',
    ];
    for (const path of reads) {
      const response = await fetch(`${root}${path}`, { headers: { authorization } });
      expect(checker.check(path, 'GET', response.status, await response.text()), path).toMatchObject({
        result: 'valid',
      });
    }
    const missing = await fetch(`${root}/xchan?address=nobody@nowhere`, { headers: { authorization } });
    expect(checker.check('/xchan', 'GET', missing.status, await missing.text())).toMatchObject({
      result: 'valid',
    });
  });

  it('serves app.json with itself as the server, and its answers validate', async () => {
    const document = await served('app');
    expect(document.servers).toEqual([
      { url: server.appBaseUrl.replace(/\/$/, ''), description: expect.any(String) },
    ]);
    const checker = answerChecker(document, 'app.json');
    const base = document.servers[0]?.url;
    const token = await fetch(`${base}/token.php?key=${server.credentials.appKey}`);
    const tokenBody = await token.text();
    expect(checker.check('/token.php', 'GET', token.status, tokenBody)).toMatchObject({ result: 'valid' });
    const { token: value } = JSON.parse(tokenBody) as { token: string };
    for (const method of ['user.getUser', 'friend.getFriends', 'photo.getPhotos', 'mail.getNewCount']) {
      const response = await fetch(`${base}/api.php?method=${method}&token=${encodeURIComponent(value)}`);
      const body = await response.text();
      expect(checker.check('/api.php', 'GET', response.status, body), method).toMatchObject({
        result: 'valid',
      });
      const answer = (document['x-phpfox-methods'] as Record<string, { answer: string }>)[method]?.answer;
      expect(checker.checkSchema(answer?.slice(1) ?? '', body), method).toMatchObject({ result: 'valid' });
    }
    const refused = await fetch(`${base}/api.php?method=user.getUser&token=wrong`);
    expect(checker.check('/api.php', 'GET', 200, await refused.text())).toMatchObject({
      result: 'valid',
    });
  });

  it('answers other paths as before', async () => {
    const response = await fetch(new URL('openapi/other.json', server.url));
    expect(response.status).not.toBe(200);
  });
});
