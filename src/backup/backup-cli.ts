import { parseArgs } from 'node:util';
import { NativeClient, type NativeClientOptions } from '../index.js';
import { backupDisplay } from './backup-display.js';
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

export const BACKUP_USAGE = `Usage: socialsite-sdk backup --hub URL (--user NAME | --client-id ID | --key-id ID --private-key FILE) [options]

Backs up a Hubzilla channel into a folder: the channel export (channel-export.json), every file of
its cloud storage in its folder tree (files/...), and manifest.json. Run it again to fetch only what
is new or changed on the hub, and to continue an interrupted run where it stopped.

Signing in (secrets are never taken from the command line):
  --user NAME            channel nickname or account e-mail; the password from HUB_PASSWORD, else
                         typed at a prompt (not shown) when the input is a terminal
  --client-id ID         an OAuth 2.0 client of the channel; the secret from HUB_CLIENT_SECRET
  --key-id ID            HTTP Signatures: the key id (acct:nick@host), with
  --private-key FILE     the channel's private key (PEM)
                         without any of these: the access token in HUB_ACCESS_TOKEN

What and where:
  --hub URL              the hub's base URL (required)
  --channel NICK         another channel of the account (default: the account's default channel)
  --out DIR              the backup folder (default: ./<channel or user>-backup)
  --sections LIST        export sections, comma-separated (default: channel,connections,config,apps;
                         also profile, chatrooms, events, webpages, wikis, items)
  --posts                export the posts too (adds the items section)
  --no-export            back up the files only
  --prune                delete the local copies of files gone from the hub (default: keep them)

How:
  --concurrency N        files downloaded at once (default: 3)
  --chunk-concurrency N  chunk requests in flight per file (default: 2)
  --chunk-size BYTES     bytes per chunk request, e.g. 256k or 1m (default: 1m)
  --retries N            retries of a failed request, Retry-After honoured (default: 4)
  --timeout MS           time allowed for one request attempt, in ms (default: 30000)
  --allow-insecure-http  allow plain http:// to a host other than localhost
  --json                 one JSON object per line: the events, then a summary
  -h, --help             this help

Exit codes: 0 complete; 1 failed, nothing usable; 2 bad arguments; 3 partial, some files failed
(run again to continue); 4 the hub refused the credentials; 130 interrupted (run again to continue).
`;

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
