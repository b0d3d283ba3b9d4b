import { afterEach, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { FAKE_SERVER_FLAGS } from '../../src/cli/fake-server/flags.js';
import { toTrickleOptions } from '../../src/cli/fake-server/trickle-flags.js';
import { ALICE } from '../testing/helpers.js';
import { type RunningFakeServer, runToEnd, startFakeServerCli } from './run-cli.js';

const trickleOf = (...argv: string[]) => toTrickleOptions(parseCommandLine(argv, FAKE_SERVER_FLAGS));

let running: RunningFakeServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('fake-server --trickle and --trickle-only', () => {
  it("set site.trickle's options: every kind unless --trickle-only names some", () => {
    expect(trickleOf()).toBeUndefined();
    expect(trickleOf('--trickle', '500')).toEqual({
      every: 500,
      items: true,
      comments: true,
      notifications: true,
    });
    expect(trickleOf('--trickle', '50', '--trickle-only', 'comments,notifications')).toEqual({
      every: 50,
      items: false,
      comments: true,
      notifications: true,
    });
    expect(trickleOf('--trickle-only', 'posts', '--trickle', '1')).toMatchObject({
      items: true,
      comments: false,
    });
  });

  it.each([
    [['--trickle', '0'], '--trickle must be a whole number from 1 to 2147483647, not "0"'],
    [['--trickle', '1s'], '--trickle must be a whole number from 1 to 2147483647, not "1s"'],
    [['--trickle-only', 'comments'], '--trickle-only needs --trickle MS (how often)'],
    [
      ['--trickle', '10', '--trickle-only', 'comments,likes'],
      '--trickle-only takes posts, comments or notifications, separated by commas, not "likes"',
    ],
    [
      ['--trikle', '10'],
      'unknown option --trikle; did you mean --trickle? (socialsite-sdk fake-server --help lists its options)',
    ],
  ])('%j: one line, exit 2, no server', async (flags, message) => {
    const { code, stdout, stderr } = await runToEnd('fake-server', ...flags);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `socialsite-sdk fake-server: ${message}\n`,
    });
  });

  it('says in one line that nothing trickles by default', async () => {
    running = await startFakeServerCli();
    expect(running.output()).toMatch(
      /^ {2}Trickle: +none \(--trickle MS adds posts, comments and notifications over time\)$/m,
    );
  });

  it('says what trickles, and comments arrive in alice’s network stream over HTTP', async () => {
    running = await startFakeServerCli('--trickle', '20', '--trickle-only', 'comments');
    expect(running.output()).toMatch(/^ {2}Trickle: +comments, one every 20 ms, in alice's network stream$/m);
    const server = running;
    const bodies = async () => {
      const response = await fetch(`${server.url}api/z/1.0/network/stream`, { headers: ALICE });
      return ((await response.json()) as { body: string }[]).map((item) => item.body);
    };
    await expect
      .poll(bodies, { timeout: 30_000, interval: 50 })
      .toContainEqual(expect.stringMatching(/\(comment 2\)$/));
    expect(await running.stop()).toBe(0);
    running = undefined;
  });

  it('names notifications and posts in its line', async () => {
    running = await startFakeServerCli('--trickle', '60000');
    expect(running.output()).toMatch(
      /^ {2}Trickle: +posts, comments or notifications, one every 60000 ms, in alice's network stream and for phpFox user 1's notifications$/m,
    );
  });
});
