import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startFakeServer } from '../../src/testing/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const run = promisify(execFile);

/** Without the real-site variables, so the examples always use the embedded fake. */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(APP|HUB)_/.test(name)),
) as NodeJS.ProcessEnv;

const examples = readdirSync(path.join(root, 'examples'))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'run.ts')
  .map((file) => file.slice(0, -3));

/** What each example must print, so an example that runs but does nothing useful fails too. */
const expected: Record<string, RegExp> = {
  'app-basics':
    /Signed in as .+\n[\s\S]*\d+ friends[\s\S]*uploaded: http[\s\S]*no such user \(user\.user_cannot_be_found\)/,
  'iterate-friends':
    /first page: 10 friends, more: true[\s\S]*toArray\(\{ limit: 15 \}\) → 15 friends[\s\S]*stopped after 12: AbortError/,
  'upload-photo': /uploaded[\s\S]*\d+ photos now/,
  'native-basics': /downloaded \d+ bytes[\s\S]*post \d+, comment \d+[\s\S]*unknown identity → NotFoundError/,
  'download-to-disk': /100% [\s\S]*saved \d+ bytes to /,
  'post-and-comment':
    /posted \d+[\s\S]*commented \d+ in thread \d+[\s\S]*replied \d+ to [\s\S]*edited \d+: Who is up for a hike on Sunday\?[\s\S]*↳ Count me in!/,
  'export-channel': /exported from \w+ [\d.]+[\s\S]*channel: object/,
  'reply-bot':
    /following alice@127\.0\.0\.1:\d+'s network stream[\s\S]*(replied to \w+: “.+” → item \d+\n[\s\S]*){3}stopped after 3 replies/,
};

describe('examples run against the fake site and print what they promise', () => {
  it('every example has an expectation here', () => {
    expect(examples.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(examples)(
    '%s',
    async (name) => {
      const { stdout } = await run(tsx, [path.join(root, 'examples/run.ts'), name], {
        cwd: root,
        env,
        timeout: 60_000,
      });
      expect(stdout).toMatch(expected[name]!);
      expect(stdout).toMatch(
        /^(Application|Native) API: the embedded fake site at http:\/\/127\.0\.0\.1:\d+\//m,
      );
      expect(stdout).not.toMatch(/live site/);
    },
    60_000,
  );

  it('each API uses the real site when its own variables are set, whatever the other side has', async () => {
    // A second fake server stands in for a "real" hub: only HUB_* point at it.
    const real = await startFakeServer();
    try {
      const hubOnly = {
        ...env,
        HUB_BASE_URL: real.hubBaseUrl,
        HUB_USER: real.credentials.channel.username,
        HUB_PASSWORD: real.credentials.channel.password,
      };
      const before = real.site.requests.length;
      const { stdout } = await run(tsx, [path.join(root, 'examples/run.ts'), 'native-basics'], {
        cwd: root,
        env: hubOnly,
        timeout: 60_000,
      });
      expect(stdout).toContain(`Native API: live site ${real.hubBaseUrl}`);
      expect(real.site.requests.length).toBeGreaterThan(before);
      const demo = await run(tsx, [path.join(root, 'demo/index.ts')], {
        cwd: root,
        env: hubOnly,
        timeout: 90_000,
      });
      expect(demo.stdout).toContain(`Native API: live site ${real.hubBaseUrl}`);
      expect(demo.stdout).toContain('Application API: the embedded fake site');
    } finally {
      await real.close();
    }
  }, 120_000);
});

describe('the demo (npm run demo)', () => {
  it('walks both APIs over HTTP and exits 0', async () => {
    const { stdout } = await run(tsx, [path.join(root, 'demo/index.ts')], {
      cwd: root,
      env,
      timeout: 90_000,
    });
    expect(stdout).toMatch(/traded the key for a token/);
    expect(stdout).toMatch(/friends \(for await\)\s+\d+/);
    expect(stdout).toMatch(/uploaded a photo/);
    expect(stdout).toMatch(/sha256 [0-9a-f]{16}… \(matches\)/);
    expect(stdout).toMatch(/posted item \d+/);
    expect(stdout).toMatch(/Demo complete: both APIs worked over HTTP\./);
    expect(stdout).toContain('Application API: the embedded fake site');
    expect(stdout).toContain('Native API: the embedded fake site');
  }, 90_000);
});
