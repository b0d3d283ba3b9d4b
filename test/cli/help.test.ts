import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runToEnd } from './run-cli.js';

const packageVersion = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

/**
 * Every option of `fake-server` with the default its help must show, written out here (not taken
 * from the command's own table) so that an option dropped from the help fails this test.
 */
const FAKE_SERVER_DEFAULTS: Record<string, string> = {
  '--port': '0',
  '--host': '127.0.0.1',
  '--base-path': '/',
  '--cors': 'off, preflights 401 as on Hubzilla',
  '--no-cors': 'off',
  '--admin-token': 'a random one, printed',
  '--seed': '1',
  '--envelope': '3.0',
  '--body-prefix': 'none',
  '--list-totals': 'count',
  '--same-second-order': 'unstable',
  '--hub-version': '8.8',
  '--photo-upload-limit': '512000',
  '--no-app-api': 'on',
  '--real-clock': 'fixed, +1 s a request',
  '--max-input-vars': '1000',
  '--max-input-nesting-level': '64',
  '--post-max-size': '8M',
  '--upload-max-filesize': '2M',
  '--max-file-uploads': '20',
  '--token-lifetime': '3600',
  '--no-secret-in-redirect': 'leaked, as 8.8.7',
  '--stock-code-flow': 'works',
  '--strict-digest': 'not checked',
  '--trickle': 'off',
  '--trickle-only': 'all three',
  '--latency': '0',
  '--stream-junk': 'none',
  '--fail': 'none',
  '--drop': 'none',
  '--chunk-error': 'none',
  '--chunk-short': 'none',
  '--chunk-reset': 'none',
};

describe('socialsite-sdk help', () => {
  it.each([['--help'], ['-h'], ['help']])(
    '%s lists every command with a one-line description (exit 0)',
    async (flag) => {
      const { code, stdout, stderr } = await runToEnd(flag);
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout).toMatch(/^Usage: socialsite-sdk <command> \[options\]/);
      expect(stdout).toMatch(/^ {2}fake-server +serve the fake social site .+$/m);
      expect(stdout).toMatch(/^ {2}help \[COMMAND\] +show this help/m);
      expect(stdout).toMatch(/--version/);
    },
  );

  it('prints the help to stderr with exit 2 when no command is given', async () => {
    const { code, stdout, stderr } = await runToEnd();
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/^Usage: socialsite-sdk <command>/);
    expect(stderr).toMatch(/fake-server/);
  });

  it.each([
    [['serve'], 'socialsite-sdk: unknown command "serve" (socialsite-sdk --help lists commands)'],
    [['--bogus'], 'socialsite-sdk: unknown option "--bogus" (socialsite-sdk --help lists commands)'],
    [['help', 'serve'], 'socialsite-sdk: unknown command "serve" (socialsite-sdk --help lists commands)'],
  ])('%j: one line naming it on stderr, not the whole help, exit 2', async (argv, line) => {
    const { code, stdout, stderr } = await runToEnd(...argv);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(`${line}\n`);
  });

  it('--version prints the version of package.json', async () => {
    expect(await runToEnd('--version')).toEqual({ code: 0, stdout: `${packageVersion}\n`, stderr: '' });
  });
});

describe('socialsite-sdk fake-server --help', () => {
  it.each([[['fake-server', '--help']], [['fake-server', '-h']], [['help', 'fake-server']]])(
    '%j lists every option with its default',
    async (argv) => {
      const { code, stdout, stderr } = await runToEnd(...argv);
      expect([code, stderr]).toEqual([0, '']);
      expect(stdout).toMatch(/^Usage: socialsite-sdk fake-server \[options\]/);
      const optionLines = stdout.split('\n').filter((line) => /^ {2}(-\w, | {4})--/.test(line));
      const listed = optionLines.map((line) => /--[\w-]+/.exec(line)?.[0]);
      expect(listed.sort()).toEqual([...Object.keys(FAKE_SERVER_DEFAULTS), '--help'].sort());
      for (const [option, defaultText] of Object.entries(FAKE_SERVER_DEFAULTS)) {
        const line = optionLines.find(
          (candidate) => candidate.includes(`${option} `) || candidate.endsWith(option),
        );
        expect(line, option).toContain(`(default: ${defaultText})`);
      }
    },
  );

  it('explains the rule fields of every fault option and the short form of --port', async () => {
    const { stdout } = await runToEnd('fake-server', '--help');
    expect(stdout).toMatch(/-p, --port N/);
    for (const field of [
      'status=',
      'retry-after=',
      'path=',
      'method=',
      'nth=',
      'times=',
      'after=',
      'offset=',
      'bytes=',
      'file=',
    ]) {
      expect(stdout, field).toContain(field);
    }
  });

  it('an unknown option or a stray argument: one line pointing to --help on stderr, exit 2', async () => {
    const help = '(socialsite-sdk fake-server --help lists its options)';
    for (const [argv, line] of [
      [['--bogus'], `socialsite-sdk fake-server: unknown option --bogus ${help}`],
      [['-x'], `socialsite-sdk fake-server: unknown option -x ${help}`],
      [['8080'], `socialsite-sdk fake-server: unexpected argument "8080" ${help}`],
    ] as const) {
      const { code, stdout, stderr } = await runToEnd('fake-server', ...argv);
      expect([code, stdout], line).toEqual([2, '']);
      expect(stderr).toBe(`${line}\n`);
    }
  });
});
