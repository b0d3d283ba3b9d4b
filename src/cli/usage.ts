import { toUsageError } from './args.js';
import { PROGRAM } from './command.js';
import { UsageError } from './errors.js';

/**
 * The one line every command prints for a wrong command line, never followed by the whole help
 * (which would bury it): `socialsite-sdk fake-server: unknown option --prot; did you mean --port?
 * (socialsite-sdk fake-server --help lists its options)`. `error` is a {@link UsageError}, an error
 * of `node:util` `parseArgs` (then `options`, the command's long option names, give the closest
 * one to an unknown option), or any error whose message says what is wrong.
 *
 * Its imports stay inside src/cli: `backup` and `verify` (src/backup, built on the public API only)
 * use it too.
 */
export function usageLine(command: string, error: unknown, options: readonly string[] = []): string {
  const usage = toUsageError(error, options);
  if (!(usage instanceof UsageError))
    return `${PROGRAM} ${command}: ${usage instanceof Error ? usage.message : String(usage)}`;
  const help = usage.pointsToHelp ? ` (${PROGRAM} ${command} --help lists its options)` : '';
  return `${PROGRAM} ${command}: ${usage.message}${help}`;
}
