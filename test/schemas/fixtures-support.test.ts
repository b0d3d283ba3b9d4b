import { describe, expect, it } from 'vitest';
import {
  hubzillaJson,
  hubzillaJsonFixtures,
  hubzillaResponse,
  listHubzillaFixtures,
  loadHubzillaFixture,
  loadPhpfoxSample,
} from '../support/fixtures.js';

// The schema tests trust these helpers, so they get checked against the raw files too.
describe('test/support/fixtures', () => {
  it('parses a recorded exchange: request, HTTP/1.0 status, repeated headers, body', () => {
    const exchange = loadHubzillaFixture('01-auth-no_credentials.txt');
    expect(exchange.request).toBe('curl -sS -i http://127.0.0.1:8088/api/z/1.0/channel/list');
    expect(exchange.status).toBe(401);
    expect(exchange.statusText).toBe('Unauthorized');
    expect(exchange.headers).toContainEqual(['WWW-Authenticate', 'Basic realm="hubzilla"']);
    expect(exchange.body).toBe('This api requires login');
  });

  it('keeps both Set-Cookie headers and the header case as recorded', () => {
    const { headers } = loadHubzillaFixture('22-files-no_params');
    expect(headers.filter(([name]) => name === 'Set-Cookie')).toHaveLength(2);
    expect(headers).toContainEqual(['Content-type', 'application/json']);
  });

  it('reads an empty body as ""', () => {
    const exchange = loadHubzillaFixture('30b-filemeta-no_file_id.txt');
    expect(exchange.status).toBe(200);
    expect(exchange.body).toBe('');
    expect(() => hubzillaJson('30b-filemeta-no_file_id.txt')).toThrow(/empty/);
  });

  it('keeps the body byte for byte (big base64 chunk)', () => {
    const { body } = loadHubzillaFixture('50-filedata-start0_length1000.txt');
    expect(body.startsWith('{"attach":')).toBe(true);
    expect(body.endsWith('"start":0,"length":1000}}')).toBe(true);
  });

  it('builds a Response without the Connection header', async () => {
    const response = hubzillaResponse('02-auth-wrong_password.txt');
    expect(response.status).toBe(401);
    expect(response.statusText).toBe('Unauthorized');
    expect(response.headers.get('www-authenticate')).toBe('Basic realm="hubzilla"');
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(response.headers.has('connection')).toBe(false);
    expect(await response.text()).toBe('This api requires login');
  });

  it('lists fixtures by endpoint, only the JSON ones', () => {
    expect(listHubzillaFixtures(/-xchan-/)).toContain('79-xchan-none.txt');
    const groups = hubzillaJsonFixtures('group_members');
    expect(groups).toContain('71-group_members-group_id.txt');
    expect(groups).not.toContain('73-group_members-unknown_group_id.txt');
    expect(() => hubzillaJsonFixtures('no_such_endpoint')).toThrow();
  });

  it('loads a phpFox sample on site.example', () => {
    expect(loadPhpfoxSample('notification.get')).toMatchObject({
      output: [{ link: 'http://site.example/john-doe/comment-id_1/' }],
    });
  });
});
