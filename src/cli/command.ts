import type { OptionGroup, ParsedArgs } from './args.js';
import type { ResolvedIo } from './io.js';

/** The name users type; every message starts with it. */
export const PROGRAM = 'socialsite-sdk';

/**
 * A subcommand of `socialsite-sdk`. Adding one: write it, then list it in `COMMANDS` (main.ts);
 * the dispatcher, `--help`, usage errors and exit codes come from there and from runCommand.
 */
export interface Command {
  /** What users type after `socialsite-sdk`. */
  name: string;
  /** One line for `socialsite-sdk --help`. */
  summary: string;
  /** What its help says before the options. */
  description: string;
  /** Its options, in groups (`--help` is added to every command). */
  optionGroups: readonly OptionGroup[];
  /** What its help says after the options (value syntax, examples). */
  epilogue?: string;
  /**
   * Does the work and resolves with the exit code. Throws `UsageError` for a bad value (exit 2) or
   * `CommandFailedError` for a failure the user can fix (exit 1): both become one line on stderr.
   */
  run(args: ParsedArgs, io: ResolvedIo): Promise<number>;
}

/**
 * A subcommand that reads its own arguments and terminal (`backup`, `verify`: a password prompt,
 * environment variables, a live progress line) and prints its own help.
 */
export interface SelfParsingCommand {
  /** What users type after `socialsite-sdk`. */
  name: string;
  /** One line for `socialsite-sdk --help`. */
  summary: string;
  /** Its whole help text. */
  usage: string;
  /** Runs with the arguments after the command name; resolves with the exit code. */
  runArgv(
    argv: readonly string[],
    io: {
      write: (text: string) => void;
      writeError: (text: string) => void;
      signal: AbortSignal | undefined;
    },
  ): Promise<number>;
}

/** Either kind, as the dispatcher lists them. */
export type AnyCommand = Command | SelfParsingCommand;
