import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { runToEnd } from './run-cli.js';

/** `backup` and `verify` reached through the `socialsite-sdk` dispatcher (the built bin: scripts/smoke-bundles.mjs). */
let server: FakeServer;
let dir: string;
beforeAll(async () => {
  server = await startFakeServer();
  dir = await mkdtemp(join(tmpdir(), 'socialsite-cli-backup-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('socialsite-sdk backup and verify', () => {
  it('are listed by --help, and help COMMAND prints their own usage', async () => {
    const main = await runToEnd('--help');
    expect(main.stdout).toMatch(/^ {2}backup +mirror a hub channel/m);
    expect(main.stdout).toMatch(/^ {2}verify +check a backup folder/m);
    for (const argv of [
      ['help', 'backup'],
      ['backup', '--help'],
    ]) {
      const run = await runToEnd(...argv);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toMatch(/^Usage: socialsite-sdk backup --hub URL/);
    }
  });

  it('backs up with the password from HUB_PASSWORD, then verifies, through the dispatcher', async () => {
    const out = join(dir, 'alice');
    vi.stubEnv('HUB_PASSWORD', server.credentials.channel.password);
    const backup = await runToEnd(
      'backup',
      '--hub',
      server.hubBaseUrl,
      '--user',
      'alice',
      '--out',
      out,
      '--json',
    );
    vi.unstubAllEnvs();
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('"type":"summary"');
    const verify = await runToEnd('verify', '--out', out);
    expect(verify.code, verify.stderr + verify.stdout).toBe(0);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.files.length).toBeGreaterThan(0);
  });
});
