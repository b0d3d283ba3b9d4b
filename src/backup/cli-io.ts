import { usageLine } from '../cli/usage.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';
import type { PromptInput } from './prompt.js';
import type { OutputMode } from './terminal.js';

/**
 * Where a command reads and writes, so that tests drive it without a terminal. Every member is
 * optional and defaults to the process's own.
 */
export interface CliIo {
  /** Output: events, progress, the summary. @default process.stdout */
  write?: ((text: string) => void) | undefined;
  /** Usage, errors and the password prompt. @default process.stderr */
  writeError?: ((text: string) => void) | undefined;
  /** Where `HUB_PASSWORD`, `HUB_CLIENT_SECRET` and `HUB_ACCESS_TOKEN` are read. @default process.env */
  env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Read for the password prompt when it is a terminal (`isTTY`). @default process.stdin */
  stdin?: PromptInput | undefined;
  /** Whether `write` goes to a terminal: a live progress line instead of plain lines. @default process.stdout.isTTY */
  isTTY?: boolean | undefined;
  /** The terminal's width. @default process.stdout.columns, else 80 */
  columns?: number | undefined;
  /** Stops the command as Ctrl-C does. @default SIGINT and SIGTERM stop it */
  signal?: AbortSignal | undefined;
}

/** The options of the backup command's `io` (see {@link CliIo}). */
export type BackupCliIo = CliIo;
/** The options of the verify command's `io` (see {@link CliIo}). */
export type VerifyCliIo = CliIo;

/** {@link CliIo} with its defaults, and `close()` to let go of the signal handlers. */
export interface ResolvedIo {
  write: (text: string) => void;
  writeError: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  stdin: PromptInput;
  isTTY: boolean;
  columns: number;
  signal: AbortSignal;
  close(): void;
}

export function resolveIo(io: CliIo): ResolvedIo {
  let signal = io.signal;
  let close = () => {};
  if (!signal) {
    // The first Ctrl-C stops the run cleanly; a second one (the default handler again) kills it.
    const controller = new AbortController();
    const stop = () => controller.abort(new Error('interrupted'));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    close = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    signal = controller.signal;
  }
  return {
    write: io.write ?? ((text) => process.stdout.write(text)),
    writeError: io.writeError ?? ((text) => process.stderr.write(text)),
    env: io.env ?? process.env,
    stdin: io.stdin ?? process.stdin,
    isTTY: io.isTTY ?? process.stdout.isTTY === true,
    columns: io.columns ?? process.stdout.columns ?? 80,
    signal,
    close,
  };
}

/** `json` when asked, else a live line on a terminal, else plain lines. */
export function outputMode(json: boolean | undefined, io: ResolvedIo): OutputMode {
  return json ? 'json' : io.isTTY ? 'tty' : 'plain';
}

/**
 * A whole number option in `[min, max]`, or a usage error. With `bytes`, a binary suffix is allowed:
 * `65536`, `256k`, `1m`.
 */
export function integerOption(
  value: string | undefined,
  name: string,
  [min, max]: [number, number],
  bytes = false,
): number | undefined {
  if (value === undefined) return undefined;
  const match = (bytes ? /^(\d+)([km]?)$/i : /^(\d+)()$/).exec(value);
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[(match?.[2] ?? '').toLowerCase() as '' | 'k' | 'm'];
  const number = match ? Number(match[1]) * unit : Number.NaN;
  if (!(number >= min && number <= max)) {
    const kind = bytes ? 'a byte count' : 'a whole number';
    const examples = bytes ? ' (e.g. 256k, 1m)' : '';
    throw new BackupSetupError(
      EXIT_CODES.usage,
      `--${name} must be ${kind} from ${min} to ${max}${examples}`,
    );
  }
  return number;
}

/**
 * Runs a command with `io` resolved (and its signal handlers let go of afterwards); `argv` may start
 * with the command's name.
 */
export async function runCommand(
  name: string,
  argv: readonly string[],
  io: CliIo,
  command: (args: readonly string[], io: ResolvedIo) => Promise<number>,
): Promise<number> {
  const resolved = resolveIo(io);
  try {
    return await command(argv[0] === name ? argv.slice(1) : argv, resolved);
  } finally {
    resolved.close();
  }
}

/**
 * A wrong command line of `command` as one line on stderr, as every command writes it (an unknown
 * option names the closest of `options` and `--help`), and the usage exit code.
 */
export function usageFailure(
  io: ResolvedIo,
  command: string,
  error: unknown,
  options: Readonly<Record<string, unknown>> = {},
): number {
  io.writeError(`${usageLine(command, error, Object.keys(options))}\n`);
  return EXIT_CODES.usage;
}
