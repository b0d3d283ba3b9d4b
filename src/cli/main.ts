import { backupCommand, verifyCommand } from './backup-commands.js';
import { type AnyCommand, PROGRAM } from './command.js';
import { EXIT } from './errors.js';
import { fakeServerCommand } from './fake-server/command.js';
import { commandHelp, mainHelp } from './help.js';
import { type CliIo, resolveIo } from './io.js';
import { runCommand } from './run-command.js';
import { VERSION } from './version.js';

/** Every subcommand, in the order `--help` lists them. */
const COMMANDS: readonly AnyCommand[] = [fakeServerCommand, backupCommand, verifyCommand];

/**
 * `socialsite-sdk <command> [options]`: picks the command and runs it. `--help`, `-h` and `help`
 * print the help (exit 0); nothing, an unknown command or an unknown option print it to stderr
 * (exit 2). Resolves with the exit code.
 */
export async function runCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  const resolved = resolveIo(io);
  const [first, ...rest] = argv;
  const usageError = (message: string) => {
    resolved.writeError(`${message}${mainHelp(COMMANDS)}`);
    return EXIT.usage;
  };
  if (first === undefined) return usageError('');
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
    if (command === undefined) return usageError(`${PROGRAM}: unknown command ${JSON.stringify(topic)}\n\n`);
    resolved.write('usage' in command ? command.usage : commandHelp(command));
    return EXIT.ok;
  }
  const command = findCommand(first);
  if (command === undefined) {
    const kind = first.startsWith('-') ? 'option' : 'command';
    return usageError(`${PROGRAM}: unknown ${kind} ${JSON.stringify(first)}\n\n`);
  }
  if ('runArgv' in command) return command.runArgv(rest, resolved);
  return runCommand(command, rest, resolved);
}

function findCommand(name: string): AnyCommand | undefined {
  return COMMANDS.find((command) => command.name === name);
}
