import { parseArgs } from 'node:util';
import { NativeClient, type NativeClientOptions } from '../index.js';
import { backupDisplay } from './backup-display.js';
import { BACKUP_USAGE } from './backup-usage.js';
import {
  type CliIo,
  integerOption,
  outputMode,
  type ResolvedIo,
  runCommand,
  usageFailure,
} from './cli-io.js';
import { credentialsFrom } from './credentials.js';
import { describeError } from './fs-utils.js';
import { BackupSetupError, EXIT_CODES } from './outcome.js';
import { promptHidden } from './prompt.js';
import { runBackup } from './run.js';
import { safeName } from './safe-name.js';

const DEFAULT_SECTIONS = 'channel,connections,config,apps';

/**
 * `socialsite-sdk backup ...`: parses `argv` (without the command name, or with it), signs in,
 * runs the backup with a progress display, and resolves with the exit code (see the usage text).
 */
export function runBackupCli(argv: readonly string[], io: CliIo = {}): Promise<number> {
  return runCommand('backup', argv, io, backupCommand);
}

async function backupCommand(args: readonly string[], io: ResolvedIo): Promise<number> {
  if (args.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    return usageFailure(
      io,
      'backup',
      new Error(
        'the password is never taken from the command line (other users can read it there): set HUB_PASSWORD or type it at the prompt',
      ),
    );
  }
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse(args));
  } catch (error) {
    return usageFailure(io, 'backup', error, BACKUP_OPTIONS);
  }
  if (values.help) {
    io.write(BACKUP_USAGE);
    return 0;
  }
  let options: Awaited<ReturnType<typeof clientOptions>>;
  try {
    options = await clientOptions(values, io);
  } catch (error) {
    if (error instanceof BackupSetupError && error.exitCode === EXIT_CODES.usage) {
      return usageFailure(io, 'backup', error);
    }
    if (error instanceof BackupSetupError) return error.exitCode;
    throw error;
  }

  const display = backupDisplay({ mode: outputMode(values.json, io), write: io.write, columns: io.columns });
  let hub: NativeClient;
  try {
    hub = new NativeClient({
      ...options.client,
      hooks: {
        onRetry: ({ url, attempt, reason, delayMs }) =>
          display.show({ type: 'retry', url, attempt, reason, delayMs }),
      },
    });
  } catch (error) {
    return usageFailure(io, 'backup', error);
  }
  try {
    const summary = await runBackup({ ...options.backup, hub, signal: io.signal, onEvent: display.show });
    return summary.exitCode;
  } catch (error) {
    io.writeError(`${describeError(error)}\n`);
    return error instanceof BackupSetupError ? error.exitCode : EXIT_CODES.failed;
  }
}

/** The options of `backup` (each one documented in {@link BACKUP_USAGE}). */
export const BACKUP_OPTIONS = {
  hub: { type: 'string' },
  user: { type: 'string', short: 'u' },
  channel: { type: 'string' },
  out: { type: 'string', short: 'o' },
  'client-id': { type: 'string' },
  'key-id': { type: 'string' },
  'private-key': { type: 'string' },
  sections: { type: 'string' },
  posts: { type: 'boolean' },
  'no-export': { type: 'boolean' },
  prune: { type: 'boolean' },
  concurrency: { type: 'string' },
  'chunk-concurrency': { type: 'string' },
  'chunk-size': { type: 'string' },
  retries: { type: 'string' },
  timeout: { type: 'string' },
  'allow-insecure-http': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(args: readonly string[]) {
  return parseArgs({ args: [...args], strict: true, allowPositionals: false, options: BACKUP_OPTIONS });
}

/** The client's and the run's options from the flags; a usage `BackupSetupError` when they do not add up. */
async function clientOptions(values: ReturnType<typeof parse>['values'], io: ResolvedIo) {
  if (!values.hub) throw new BackupSetupError(EXIT_CODES.usage, '--hub URL is required');
  const hubUrl = hubAddress(values.hub);
  const concurrency = integerOption(values.concurrency, 'concurrency', [1, 32]) ?? 3;
  const chunkConcurrency = integerOption(values['chunk-concurrency'], 'chunk-concurrency', [1, 16]);
  const chunkSize = integerOption(values['chunk-size'], 'chunk-size', [1024, 64 * 1024 * 1024], true);
  const retries = integerOption(values.retries, 'retries', [0, 20]) ?? 4;
  const timeout = integerOption(values.timeout, 'timeout', [1000, 3_600_000]);
  const sections = (values.sections ?? DEFAULT_SECTIONS)
    .split(',')
    .map((section) => section.trim())
    .filter((section) => section !== '');
  if (sections.length === 0)
    throw new BackupSetupError(EXIT_CODES.usage, '--sections needs at least one section');

  const askPassword = async () => {
    if (!io.stdin.isTTY) return undefined;
    const answer = await promptHidden(
      `Password of ${values.user} at ${new URL(hubUrl).host}: `,
      io.stdin,
      io.writeError,
      io.signal,
    );
    if (answer === undefined) throw new BackupSetupError(EXIT_CODES.interrupted, 'interrupted');
    return answer;
  };
  const auth = await credentialsFrom(values, io.env, askPassword);
  const client: NativeClientOptions = {
    baseUrl: hubUrl,
    ...auth,
    ...(values.channel !== undefined && { channel: values.channel }),
    retry: { limit: retries, maxRetryAfter: 120_000 },
    ...(timeout !== undefined && { timeout }),
    ...(values['allow-insecure-http'] && { allowInsecureHttp: true }),
  };
  return {
    client,
    backup: {
      hubUrl,
      out: values.out ?? `${safeName(values.channel ?? values.user ?? 'channel')}-backup`,
      export: values['no-export'] ? (false as const) : { sections, posts: values.posts === true },
      concurrency,
      chunkConcurrency,
      chunkSize,
      prune: values.prune === true,
    },
  };
}

/** The hub's base URL as the manifest records it: no query or fragment, ending with `/`. */
function hubAddress(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BackupSetupError(
      EXIT_CODES.usage,
      `--hub must be a URL such as https://hub.example, not "${text}"`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BackupSetupError(EXIT_CODES.usage, '--hub must be an http(s) URL');
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.href;
}
