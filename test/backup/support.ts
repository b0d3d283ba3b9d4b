import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { BackupCliIo, BackupEvent, Manifest } from '../../src/backup/index.js';
import { runBackupCli, runVerifyCli } from '../../src/backup/index.js';
import {
  createFakeSite,
  type FakeServer,
  type FakeServerOptions,
  type FakeSite,
  startFakeServer,
} from '../../src/testing/index.js';

/** Fake hubs and scratch folders of a test, closed and removed after it. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export async function fakeHub(options: FakeServerOptions = {}): Promise<FakeServer> {
  const server = await startFakeServer(options);
  cleanups.push(() => server.close());
  return server;
}

export async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'socialsite-backup-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export interface CliRun {
  code: number;
  /** Everything written to `write`. */
  output: string;
  /** Everything written to `writeError`. */
  errors: string;
  /** The JSON lines of `output` (with `--json`). */
  events: BackupEvent[];
}

/** Captures a command's output. */
export async function runCli(
  command: (argv: readonly string[], io: BackupCliIo) => Promise<number>,
  argv: string[],
  io: BackupCliIo = {},
): Promise<CliRun> {
  let output = '';
  let errors = '';
  const code = await command(argv, {
    isTTY: false,
    env: {},
    write: (text) => {
      output += text;
    },
    writeError: (text) => {
      errors += text;
    },
    ...io,
  });
  const events = argv.includes('--json')
    ? output
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as BackupEvent)
    : [];
  return { code, output, errors, events };
}

/** `backup --json` of alice's channel on `server` into `out`, password from the environment. */
export function backup(
  server: FakeServer,
  out: string,
  args: string[] = [],
  io: BackupCliIo = {},
): Promise<CliRun> {
  return runCli(
    runBackupCli,
    ['--hub', server.hubBaseUrl, '--user', 'alice', '--out', out, '--json', ...args],
    { env: { HUB_PASSWORD: server.credentials.channel.password }, ...io },
  );
}

export function verify(out: string, args: string[] = ['--json']): Promise<CliRun> {
  return runCli(runVerifyCli, ['--out', out, ...args]);
}

export async function readManifest(out: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as Manifest;
}

/** alice's files (not folders) in the fake's state, with their bytes. */
export function aliceFiles(server: FakeServer) {
  const { hub } = server.site.state;
  const alice = hub.channels.find((channel) => channel.nick === 'alice');
  return hub.files.filter((file) => file.uid === alice?.channel_id && !file.is_dir);
}

/** The `filedata` requests the fake answered, and the bytes they asked for. */
export function filedataRequests(server: FakeServer) {
  return server.site.requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname.endsWith('/filedata'))
    .map((url) => ({
      fileId: url.searchParams.get('file_id') ?? '',
      start: Number(url.searchParams.get('start') ?? 0),
      length: Number(url.searchParams.get('length') ?? 0),
    }));
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function ofType<T extends BackupEvent['type']>(events: BackupEvent[], type: T) {
  return events.filter((event): event is Extract<BackupEvent, { type: T }> => event.type === type);
}

export const MiB = 1024 * 1024;
/** Small chunks, one at a time, one file at a time: a download of big.bin takes 13 requests. */
export const slow = ['--chunk-size', '256k', '--chunk-concurrency', '1', '--concurrency', '1'];

/** A site whose handler calls `onFiledata` before answering each `filedata` request. */
export function watchedSite(onFiledata: (fileId: string, start: number) => void): FakeSite {
  const site = createFakeSite();
  return Object.create(site, {
    handler: {
      value: (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname.endsWith('/filedata')) {
          onFiledata(url.searchParams.get('file_id') ?? '', Number(url.searchParams.get('start')));
        }
        return site.handler(request);
      },
    },
  }) as FakeSite;
}
