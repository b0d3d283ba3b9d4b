import { parseArgs } from 'node:util';
import { didYouMean } from './closest.js';
import { UsageError } from './errors.js';

/** One option of a command: how it is parsed and how its help line reads. */
export interface OptionSpec {
  /** The long name, without `--`. */
  name: string;
  /** A one-letter alias, without `-`. */
  short?: string;
  /** The placeholder of its value in the help (`N`, `RULE`); none for a switch. */
  value?: string;
  /** May be given more than once; every value is kept, in command-line order. */
  multiple?: boolean;
  /** What it does, in one line. */
  description: string;
  /** What happens without it, as the help shows after `default:`; none only for `--help`. */
  defaultText?: string;
}

/** A titled group of options in a command's help. */
export interface OptionGroup {
  title: string;
  options: readonly OptionSpec[];
}

/** Every command takes it; the command runner answers it. */
export const HELP_OPTION: OptionSpec = { name: 'help', short: 'h', description: 'show this help' };

/** One option as given on the command line. */
export interface GivenOption {
  name: string;
  /** The value; `undefined` for a switch. */
  value: string | undefined;
}

/** The options of one command line, in the order given. */
export class ParsedArgs {
  constructor(private readonly given: readonly GivenOption[]) {}

  /** Whether the option was given. */
  has(name: string): boolean {
    return this.given.some((option) => option.name === name);
  }

  /** The value of an option (the last one when given twice, as most commands do). */
  value(name: string): string | undefined {
    return this.given.findLast((option) => option.name === name)?.value;
  }

  /** Every value of the options named, in command-line order (for rules whose order matters). */
  all(...names: string[]): GivenOption[] {
    return this.given.filter((option) => names.includes(option.name));
  }
}

/**
 * Parses `argv` against the options of `groups` (plus `--help`) with `node:util` `parseArgs`.
 * Throws a {@link UsageError} of one line: pointing to `--help` for an unknown option (with the
 * closest known one) or a stray argument, naming the option whose value is missing.
 */
export function parseCommandLine(argv: readonly string[], groups: readonly OptionGroup[]): ParsedArgs {
  const specs = [...groups.flatMap((group) => group.options), HELP_OPTION];
  const options = Object.fromEntries(
    specs.map((spec) => [
      spec.name,
      {
        type: spec.value === undefined ? ('boolean' as const) : ('string' as const),
        multiple: spec.multiple ?? false,
        ...(spec.short === undefined ? {} : { short: spec.short }),
      },
    ]),
  );
  try {
    const { tokens } = parseArgs({ args: [...argv], options, strict: true, tokens: true });
    return new ParsedArgs(
      tokens.flatMap((token) => (token.kind === 'option' ? [{ name: token.name, value: token.value }] : [])),
    );
  } catch (error) {
    const known = specs.map((spec) => spec.name);
    throw toUsageError(error, known);
  }
}

/**
 * `node:util` `parseArgs`' errors as a one-line {@link UsageError} (other errors as they are);
 * `known` are the long option names (without `--`), for the closest one to an unknown option.
 */
export function toUsageError(error: unknown, known: readonly string[]): unknown {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (!(error instanceof Error) || typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_'))
    return error;
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    // A short option has too few letters to guess from: `-x` is not a typo of `-h`.
    const guess = quoted.startsWith('--') ? didYouMean(quoted.slice(2), known, (name) => `--${name}`) : '';
    return new UsageError(`unknown option ${quoted}${guess}`, true);
  }
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return new UsageError(`unexpected argument ${JSON.stringify(quoted)}`, true);
  const option = /--[\w-]+/.exec(error.message)?.[0];
  if (code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' || option === undefined)
    return new UsageError(error.message.replace(/\s*\n\s*/g, ' '));
  if (error.message.includes('does not take an argument')) return new UsageError(`${option} takes no value`);
  return new UsageError(`${option} needs a value (write ${option}=VALUE for one that starts with "-")`);
}
