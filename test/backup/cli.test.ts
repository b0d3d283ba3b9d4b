import { EventEmitter } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  BACKUP_OPTIONS,
  BACKUP_USAGE,
  runBackupCli,
  runVerifyCli,
  VERIFY_OPTIONS,
  VERIFY_USAGE,
} from '../../src/backup/index.js';
import { backup, fakeHub, ofType, readManifest, runCli, scratchDir } from './support.js';

describe('backup arguments', () => {
  it('--help lists every option', async () => {
    const help = await runCli(runBackupCli, ['--help']);
    expect(help.code).toBe(0);
    for (const name of Object.keys(BACKUP_OPTIONS)) expect(BACKUP_USAGE).toContain(`--${name}`);
    for (const name of Object.keys(VERIFY_OPTIONS)) expect(VERIFY_USAGE).toContain(`--${name}`);
    expect(help.output).toBe(BACKUP_USAGE);
    expect((await runCli(runVerifyCli, ['verify', '-h'])).output).toBe(VERIFY_USAGE);
  });

  it.each([
    [['--user', 'alice'], /--hub URL is required/],
    [['--hub', 'not a url', '--user', 'alice'], /--hub must be a URL/],
    [['--hub', 'https://hub.example', '--user', 'alice', '--concurrency', '0'], /--concurrency must be/],
    [['--hub', 'https://hub.example', '--user', 'alice', '--chunk-size', '1x'], /--chunk-size must be/],
    [['--hub', 'https://hub.example', '--user', 'alice', '--frobnicate'], /unknown option --frobnicate/],
    [['--hub', 'https://hub.example'], /say how to sign in/],
    [['--hub', 'https://hub.example', '--user', 'alice', '--client-id', 'bot'], /choose one way to sign in/],
    [['--hub', 'https://hub.example', '--client-id', 'bot'], /HUB_CLIENT_SECRET/],
    [['--hub', 'https://hub.example', '--key-id', 'acct:alice@hub.example'], /go together/],
    [['--hub', 'https://hub.example', '--user', 'alice'], /no password: set HUB_PASSWORD/],
    [['--hub', 'http://hub.example', '--user', 'alice'], /allowInsecureHttp|insecure/i],
  ])('%j is refused with exit 2, in one line', async (argv, message) => {
    const run = await runCli(runBackupCli, argv, {
      env: argv.includes('http://hub.example') ? { HUB_PASSWORD: 'pw' } : {},
    });
    expect(run.code).toBe(2);
    expect(run.errors).toMatch(message);
    expect(run.errors).toMatch(/^socialsite-sdk backup: [^\n]+\n$/);
  });

  it('never takes a password from the command line, and never repeats it', async () => {
    for (const argv of [
      ['--hub', 'https://hub.example', '--user', 'alice', '--password', 'hunter2'],
      ['--hub', 'https://hub.example', '--user', 'alice', '--password=hunter2'],
    ]) {
      const run = await runCli(runBackupCli, argv);
      expect(run.code).toBe(2);
      expect(run.errors).toMatch(/never taken from the command line/);
      expect(run.errors + run.output).not.toContain('hunter2');
    }
  });
});

/** A stdin that is a terminal: `typed` arrives once the prompt was written. */
function terminalInput(typed: string) {
  const input = Object.assign(new EventEmitter(), {
    isTTY: true,
    setRawMode: vi.fn(),
    resume: vi.fn(),
    pause: vi.fn(),
  });
  const writeError = (text: string) => {
    if (text.startsWith('Password')) setTimeout(() => input.emit('data', Buffer.from(typed)), 5);
  };
  return { input, writeError };
}

describe('signing in', () => {
  it('asks for the password on a terminal without echoing it', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    const { input, writeError } = terminalInput('secret-pasX\u007fs\r');
    let errors = '';
    const run = await runCli(runBackupCli, ['--hub', server.hubBaseUrl, '--user', 'alice', '--out', out], {
      stdin: input,
      writeError: (text) => {
        errors += text;
        writeError(text);
      },
    });
    expect(run.code).toBe(0);
    expect(errors).toBe(`Password of alice at ${new URL(server.hubBaseUrl).host}: \n`);
    expect(input.setRawMode.mock.calls).toEqual([[true], [false]]);
    expect(run.output).not.toContain('secret');
  });

  it('Ctrl-C at the prompt ends the command with 130', async () => {
    const { input, writeError } = terminalInput('sec\u0003');
    const run = await runCli(runBackupCli, ['--hub', 'https://hub.example', '--user', 'alice'], {
      stdin: input,
      writeError,
    });
    expect(run.code).toBe(130);
  });

  it('a refused password is exit 4', async () => {
    const server = await fakeHub();
    const run = await backup(server, await scratchDir(), [], { env: { HUB_PASSWORD: 'wrong' } });
    expect(run.code).toBe(4);
    expect(ofType(run.events, 'summary')[0]).toMatchObject({ status: 'auth-failed', exitCode: 4 });
  });

  it('takes HUB_ACCESS_TOKEN, --client-id with HUB_CLIENT_SECRET, or --key-id with --private-key', async () => {
    // The fake hub checks each as Hubzilla does (and, with strictDigest, the signed bodies too).
    const server = await fakeHub({ auth: { strictDigest: true } });
    const { oauthClient, signingKeys } = server.credentials;
    const hub = ['--hub', server.hubBaseUrl, '--json'];
    /** The Authorization schemes the API requests used since `mark`. */
    const schemesSince = (mark: number) =>
      new Set(
        server.site.requests
          .slice(mark)
          .filter((request) => request.url.includes('/api/z/1.0/'))
          .map((request) => request.headers.get('authorization')?.split(' ')[0]),
      );

    const tokenAnswer = await fetch(`${server.hubBaseUrl}token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${oauthClient.clientId}:${oauthClient.clientSecret}`)}` },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const { access_token } = (await tokenAnswer.json()) as { access_token: string };
    let mark = server.site.requests.length;
    const token = await runCli(runBackupCli, [...hub, '--out', await scratchDir()], {
      env: { HUB_ACCESS_TOKEN: access_token },
    });
    expect(token.code).toBe(0);
    expect(schemesSince(mark)).toEqual(new Set(['Bearer']));

    mark = server.site.requests.length;
    const client = await runCli(
      runBackupCli,
      [...hub, '--client-id', oauthClient.clientId, '--out', await scratchDir()],
      {
        env: { HUB_CLIENT_SECRET: oauthClient.clientSecret },
      },
    );
    expect(client.code).toBe(0);
    expect(schemesSince(mark)).toEqual(new Set(['Bearer']));

    const keyFile = join(await scratchDir(), 'channel.pem');
    await writeFile(keyFile, signingKeys.alice.privateKeyPem);
    mark = server.site.requests.length;
    const signed = await runCli(runBackupCli, [
      ...hub,
      ...['--key-id', signingKeys.alice.keyId, '--private-key', keyFile, '--out', await scratchDir()],
    ]);
    expect(signed.code).toBe(0);
    expect(schemesSince(mark)).toEqual(new Set(['Signature']));

    const refused = await runCli(runBackupCli, [...hub, '--out', await scratchDir()], {
      env: { HUB_ACCESS_TOKEN: 'f'.repeat(40) },
    });
    expect(refused.code).toBe(4);
  });
});

describe('the backup folder', () => {
  it('holds one hub and one channel', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await backup(server, out);
    const other = await fakeHub();
    const otherHub = await backup(other, out);
    expect(otherHub.code).toBe(2);
    expect(otherHub.errors).toMatch(/holds the backup of http:\/\/127\.0\.0\.1:\d+\/, not/);
    const otherChannel = await backup(server, out, ['--channel', 'alice2']);
    expect(otherChannel.code).toBe(2);
    expect(otherChannel.errors).toMatch(/holds the backup of channel alice, not alice2/);
    expect((await readManifest(out)).channel).toBe('alice');
  });

  it('is used by one run at a time', async () => {
    const server = await fakeHub();
    const out = await scratchDir();
    await writeFile(
      join(out, '.lock'),
      JSON.stringify({ pid: process.pid, host: (await import('node:os')).hostname() }),
    );
    const run = await backup(server, out);
    expect(run.code).toBe(1);
    expect(run.errors).toMatch(/another backup \(process \d+ on .+\) is writing to/);
  });
});

describe('progress', () => {
  it('redraws one line in place on a terminal, then prints the summary', async () => {
    const server = await fakeHub();
    const run = await runCli(
      runBackupCli,
      ['--hub', server.hubBaseUrl, '--user', 'alice', '--out', await scratchDir(), '--chunk-size', '64k'],
      { env: { HUB_PASSWORD: 'secret-pass' }, isTTY: true, columns: 100 },
    );
    expect(run.code).toBe(0);
    // Each redraw: carriage return, erase the line, the status.
    const redraws = run.output.split('\r\u001b[2K').slice(1);
    expect(redraws.some((text) => /^\d+\/\d+ files · [\d.]+ (B|KiB|MiB)\/[\d.]+ MiB/.test(text))).toBe(true);
    expect(redraws.at(-1)).toMatch(/^Backup complete: \d+ files \([\d.]+ MiB\) in /);
    expect(run.output).not.toMatch(/^saved files\//m);
    for (const line of run.output.replaceAll('\u001b[2K', '').split(/[\r\n]/)) {
      expect(line.length).toBeLessThan(120);
    }
  });

  it('writes plain lines when the output is not a terminal', async () => {
    const server = await fakeHub();
    const run = await runCli(
      runBackupCli,
      ['--hub', server.hubBaseUrl, '--user', 'alice', '--out', await scratchDir()],
      {
        env: { HUB_PASSWORD: 'secret-pass' },
      },
    );
    expect(run.code).toBe(0);
    expect(run.output).not.toContain('\r');
    expect(run.output).toMatch(/^saved files\/Documents\/big\.bin \(3\.0 MiB\)$/m);
    expect(run.output).toMatch(
      /^saved the channel export \(channel, connections, config, apps\) to channel-export\.json/m,
    );
    expect(run.output).toMatch(/^Backup complete: /m);
  });

  it('--json writes one event per line, the summary last', async () => {
    const server = await fakeHub();
    const run = await backup(server, await scratchDir());
    const types = run.events.map((event) => event.type);
    expect(types[0]).toBe('start');
    expect(types.at(-1)).toBe('summary');
    expect(types).toEqual(expect.arrayContaining(['export', 'listed', 'file', 'progress']));
  });
});
