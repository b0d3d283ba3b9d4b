import { parseArgs } from 'node:util';
import {
  type CliIo,
  integerOption,
  outputMode,
  type ResolvedIo,
  runCommand,
  usageFailure,
} from './cli-io.js';
import { describeError } from './fs-utils.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';
import { formatBytes, formatElapsed, LiveLine, type OutputMode } from './terminal.js';
import { runVerify, type VerifyEvent, type VerifySummary } from './verify.js';
import { VERIFY_USAGE } from './verify-usage.js';

/** The options of `verify` (each one documented in {@link VERIFY_USAGE}). */
export const VERIFY_OPTIONS = {
  out: { type: 'string', short: 'o' },
  concurrency: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `socialsite-sdk verify ...`: resolves with the exit code (see the usage text). */
export function runVerifyCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  return runCommand('verify', argv, io, verifyCommand);
}

async function verifyCommand(args: readonly string[], io: ResolvedIo): Promise<number> {
  let out: string;
  let concurrency: number | undefined;
  let json: boolean | undefined;
  try {
    const { values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: VERIFY_OPTIONS,
    });
    if (values.help) {
      io.write(VERIFY_USAGE);
      return 0;
    }
    if (!values.out) throw new Error('--out DIR is required');
    out = values.out;
    concurrency = integerOption(values.concurrency, 'concurrency', [1, 64]);
    json = values.json;
  } catch (error) {
    return usageFailure(io, 'verify', error, VERIFY_OPTIONS);
  }
  const show = verifyDisplay(outputMode(json, io), io.write, io.columns);
  try {
    return (await runVerify({ out, concurrency, signal: io.signal, onEvent: show })).exitCode;
  } catch (error) {
    io.writeError(`${describeError(error)}\n`);
    return error instanceof BackupSetupError ? error.exitCode : EXIT_CODES.failed;
  }
}

function verifyDisplay(mode: OutputMode, write: (text: string) => void, columns: number) {
  if (mode === 'json') {
    return (event: VerifyEvent) => {
      if (event.type !== 'progress') write(`${JSON.stringify(event)}\n`);
    };
  }
  const live = mode === 'tty' ? new LiveLine(write, columns) : undefined;
  const print = (text: string) => (live ? live.print(text) : write(`${text}\n`));
  return (event: VerifyEvent) => {
    switch (event.type) {
      case 'progress':
        live?.draw(`checked ${event.checked}/${event.total} files (${formatBytes(event.bytes)})`);
        return;
      case 'start':
        return print(`Verifying ${event.files} files of the backup in ${event.out}`);
      case 'missing':
        return print(`MISSING ${event.path}`);
      case 'changed':
        return print(`CHANGED ${event.path}: ${event.detail}`);
      case 'extra':
        return print(`EXTRA   ${event.path} (not in the manifest)`);
      case 'partial':
        return print(
          `partial ${event.path} (left by an interrupted backup: the next backup continues or removes it)`,
        );
      case 'summary':
        live?.clear();
        for (const line of summaryLines(event)) write(`${line}\n`);
    }
  };
}

function summaryLines(summary: VerifySummary): string[] {
  const { incomplete } = summary;
  const unverified = incomplete?.empty
    ? `NO BACKUP in ${summary.out}: nothing was saved, ${incomplete.reason}`
    : `Backup NOT verified: ${incomplete?.reason}; the ${summary.checked} files it lists match`;
  const headline = {
    match: `Backup verified: all ${summary.checked} files match the manifest`,
    incomplete: unverified,
    differences: `Backup DIFFERS from its manifest: ${summary.missing} missing, ${summary.changed} changed, ${summary.extra} extra`,
    interrupted: `Verify interrupted after ${summary.checked} files`,
  }[summary.status];
  return [
    headline,
    ...(incomplete ? [`  To complete it: ${incomplete.advice}.`] : []),
    `  ${formatBytes(summary.bytes)} hashed in ${formatElapsed(summary.durationMs)}` +
      (summary.partial ? `; ${summary.partial} files left by an interrupted backup` : ''),
  ];
}
