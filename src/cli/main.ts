import { backupCommand, verifyCommand } from './backup-commands.js';
import { didYouMean } from './closest.js';
import { type AnyCommand, PROGRAM } from './command.js';
import { EXIT } from './errors.js';
import { exampleCommand } from './example-command.js';
import { fakeServerCommand, runFakeServerArgs } from './fake-server/command.js';
import { commandHelp, mainHelp } from './help.js';
import { type CliIo, type ResolvedIo, resolveIo } from './io.js';
import { runCommand } from './run-command.js';
import { VERSION } from './version.js';

/** Every subcommand, in the order `--help` lists them. */
const COMMANDS: readonly AnyCommand[] = [fakeServerCommand, backupCommand, verifyCommand, exampleCommand];

/** The long options of `socialsite-sdk` itself, without `--`. */
const MAIN_OPTIONS = ['help', 'version'];

/**
 * `socialsite-sdk <command> [options]`: picks the command and runs it. `--help`, `-h` and `help`
 * print the help (exit 0); nothing prints it to stderr (exit 2); an unknown command or option is
 * one line on stderr naming the closest known one (exit 2). Resolves with the exit code.
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const resolved = resolveIo(io);
  const [first, ...rest] = argv;
  if (first === undefined) {
    resolved.writeError(mainHelp(COMMANDS));
    return EXIT.usage;
  }
  if (first === '--help' || first === '-h') {
    resolved.write(mainHelp(COMMANDS));
    return EXIT.ok;
  }
  if (first === '--version') {
    resolved.write(`${VERSION}\n`);
    return EXIT.ok;
  }
  if (first === 'help') {
    const topic = rest[0];
    if (topic === undefined) {
      resolved.write(mainHelp(COMMANDS));
      return EXIT.ok;
    }
    const command = findCommand(topic);
    if (command === undefined) return unknown(resolved, 'command', topic);
    resolved.write('usage' in command ? command.usage : commandHelp(command));
    return EXIT.ok;
  }
  const command = findCommand(first);
  if (command === undefined) return unknown(resolved, first.startsWith('-') ? 'option' : 'command', first);
  if ('runArgv' in command) return command.runArgv(rest, resolved);
  if (command === fakeServerCommand) return runFakeServerArgs(rest, resolved);
  return runCommand(command, rest, resolved);
}

/** `socialsite-sdk: unknown command "bakup"; did you mean "backup"? (socialsite-sdk --help lists commands)` */
function unknown(io: ResolvedIo, kind: 'command' | 'option', typed: string): number {
  const guess =
    kind === 'command'
      ? didYouMean(
          typed,
          COMMANDS.map((command) => command.name),
          (name) => JSON.stringify(name),
        )
      : typed.startsWith('--')
        ? didYouMean(typed.slice(2), MAIN_OPTIONS, (name) => JSON.stringify(`--${name}`))
        : '';
  io.writeError(
    `${PROGRAM}: unknown ${kind} ${JSON.stringify(typed)}${guess} (${PROGRAM} --help lists commands)\n`,
  );
  return EXIT.usage;
}

function findCommand(name: string): AnyCommand | undefined {
  return COMMANDS.find((command) => command.name === name);
}
