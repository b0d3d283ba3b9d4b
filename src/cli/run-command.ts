import { parseCommandLine } from './args.js';
import { type Command, PROGRAM } from './command.js';
import { CommandFailedError, EXIT, UsageError } from './errors.js';
import { commandHelp } from './help.js';
import type { ResolvedIo } from './io.js';
import { usageLine } from './usage.js';

/**
 * Runs `command` with its arguments (after the command name): `--help` to stdout, usage errors as
 * one line on stderr (an unknown option's names the closest known one and `--help`) with exit 2,
 * failures the user can fix as one line with exit 1. Anything else is a bug and keeps its stack.
 */
export async function runCommand(command: Command, argv: readonly string[], io: ResolvedIo): Promise<number> {
  try {
    const args = parseCommandLine(argv, command.optionGroups);
    if (args.has('help')) {
      io.write(commandHelp(command));
      return EXIT.ok;
    }
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.writeError(`${usageLine(command.name, error)}\n`);
      return EXIT.usage;
    }
    if (error instanceof CommandFailedError) {
      io.writeError(`${PROGRAM} ${command.name}: ${error.message}\n`);
      return EXIT.failed;
    }
    throw error;
  }
}
