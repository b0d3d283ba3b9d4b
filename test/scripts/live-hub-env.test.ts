import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hubEnvFromSummary } from '../../scripts/live-hub-env.js';

const dir = mkdtempSync(path.join(tmpdir(), 'hub-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('HUB_JSON: the live command targets a kit hub by its summary', () => {
  it("takes the URL, the first user's login, the OAuth client and the key (resolved in the data dir)", () => {
    const file = path.join(dir, 'hub.json');
    writeFileSync(
      file,
      JSON.stringify({
        url: 'http://127.0.0.1:8097',
        data_dir: '/srv/live/8097/data',
        users: [
          { login: 'alice', password: 'secret-pass' },
          { login: 'bob', password: 'b' },
        ],
        oauth2: { client_id: 'sdk-cc', client_secret: 'alice-cc-secret-01' },
        signature: { key_id: 'acct:alice@127.0.0.1:8097', private_key_pem: 'keys/alice.pem' },
      }),
    );
    expect(hubEnvFromSummary(file)).toEqual({
      HUB_BASE_URL: 'http://127.0.0.1:8097',
      HUB_USER: 'alice',
      HUB_PASSWORD: 'secret-pass',
      HUB_CLIENT_ID: 'sdk-cc',
      HUB_CLIENT_SECRET: 'alice-cc-secret-01',
      HUB_KEY_ID: 'acct:alice@127.0.0.1:8097',
      HUB_PRIVATE_KEY_FILE: '/srv/live/8097/data/keys/alice.pem',
    });
  });

  it('leaves out what a summary lacks (a hub whose set-up stopped before the OAuth client)', () => {
    const file = path.join(dir, 'short.json');
    writeFileSync(
      file,
      JSON.stringify({ url: 'http://127.0.0.1:8099', users: [{ login: 'alice', password: 'p' }] }),
    );
    expect(hubEnvFromSummary(file)).toEqual({
      HUB_BASE_URL: 'http://127.0.0.1:8099',
      HUB_USER: 'alice',
      HUB_PASSWORD: 'p',
    });
  });
});
