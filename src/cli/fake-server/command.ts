import type { Command } from '../command.js';
import { type CliIo, type ResolvedIo, resolveIo } from '../io.js';
import { runCommand } from '../run-command.js';
import { FAKE_SERVER_EPILOGUE, FAKE_SERVER_FLAGS } from './flags.js';

/** `socialsite-sdk fake-server`. */
export const fakeServerCommand: Command = {
  name: 'fake-server',
  summary: 'serve the fake social site (phpFox and Hubzilla APIs) on HTTP, with faults on demand',
  description: `Serves a fake social site (phpFox Application API and Hubzilla Native API) on HTTP until
interrupted (Ctrl+C), for manual testing and browser pages. It prints the URL, the seeded logins,
the active faults and what trickles in (--trickle).

"socialsite-sdk fake-server trigger EVENT" makes an event happen now on a running fake server
(a post by bob, a comment, a photo, a file, a connection, a notification, mail): see
"socialsite-sdk fake-server trigger --help".`,
  optionGroups: FAKE_SERVER_FLAGS,
  epilogue: FAKE_SERVER_EPILOGUE,
  async run(args, io) {
    return (await import('./serve.js')).serve(args, io);
  },
};

/** Where the command writes and what stops it (tests pass a signal instead of sending SIGINT). */
export type FakeServerCliIo = CliIo;

/**
 * The body of `npx socialsite-sdk fake-server` (`argv` may start with `fake-server`): starts the
 * fake server with the options and faults of the flags, prints its URL, the seeded credentials and
 * the active faults, and runs until SIGINT/SIGTERM (or `io.signal`), then closes cleanly.
 * Resolves with the exit code: 0 after a clean stop or `--help`, 1 when it cannot listen (a busy
 * port: one line on stderr), 2 for a bad command line (one line; for an unknown option it names
 * the closest known one and `--help`). `socialsite-sdk fake-server --help` lists every option.
 */
export async function runFakeServerCli(argv: readonly string[], io: FakeServerCliIo = {}): Promise<number> {
  const args = argv[0] === fakeServerCommand.name ? argv.slice(1) : argv;
  return runFakeServerArgs(args, resolveIo(io));
}

/** `fake-server …` after the command name: `trigger EVENT …` sends an event, anything else serves. */
export async function runFakeServerArgs(argv: readonly string[], io: ResolvedIo): Promise<number> {
  if (argv[0] === 'trigger') return (await import('./trigger.js')).runTrigger(argv.slice(1), io);
  return runCommand(fakeServerCommand, argv, io);
}
