import { spawn } from 'node:child_process';
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { FakeServer } from '../../src/testing/index.js';
import {
  aliceFiles,
  backup,
  fakeHub,
  filedataRequests,
  ofType,
  readManifest,
  sha256,
  verify,
} from './support.js';

/** Small chunks, so that a run has many moments to be killed at. */
export const CRASH_ARGS = ['--chunk-size', '64k', '--chunk-concurrency', '1'];

/** Where `crash-child.ts` kills itself (see there). */
export interface CrashAt {
  nth: number;
  when: 'before' | 'after';
  ops?: string[];
  match?: string;
}

/** The seeded hub and a dozen more files in two folders: many renames and manifest writes. */
export async function crashHub(): Promise<FakeServer> {
  const server = await fakeHub();
  for (let index = 0; index < 12; index++) {
    server.site.addFile({
      filename: `part-${index}.bin`,
      folder: index % 2 ? 'Archive/2026' : 'Archive',
      bytes: new Uint8Array(90_000 + index * 7_919).map((_, at) => (at * 31 + index) % 251),
    });
  }
  // Two files of one size, for a swap of names (changeHub).
  for (const name of ['twin-a', 'twin-b']) {
    server.site.addFile({
      filename: `${name}.bin`,
      folder: 'Archive',
      bytes: new Uint8Array(50_000).fill(name.length + name.charCodeAt(5)),
    });
  }
  return server;
}

/**
 * Changes on the hub between two runs: two files of one size swap names, a file moves to another
 * folder, one is replaced by a new version, one is new. Paths follow (`display_path`).
 */
export function changeHub(server: FakeServer): void {
  const rows = server.site.state.hub.files;
  const row = (path: string) => rows.find((file) => file.display_path === path)!;
  const [twinA, twinB] = [row('Archive/twin-a.bin'), row('Archive/twin-b.bin')];
  Object.assign(twinA, { filename: 'twin-b.bin', display_path: 'Archive/twin-b.bin' });
  Object.assign(twinB, { filename: 'twin-a.bin', display_path: 'Archive/twin-a.bin' });
  const moved = row('Archive/part-0.bin');
  Object.assign(moved, { folder: row('Archive/2026').hash, display_path: 'Archive/2026/part-0.bin' });
  const replaced = row('Archive/2026/part-1.bin');
  const bytes = new Uint8Array(120_000).fill(7);
  Object.assign(replaced, {
    content: () => bytes,
    filesize: bytes.length,
    revision: replaced.revision + 1,
    edited: '2031-01-01 00:00:00',
  });
  server.site.addFile({ filename: 'new.bin', folder: 'Archive', bytes: new Uint8Array(70_000).fill(3) });
}

/** A backup in a child process, killed at `crashAt` (or run to its end without it). */
export function childBackup(
  server: FakeServer,
  out: string,
  crashAt: CrashAt | undefined,
  env: Record<string, string> = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./crash-child.ts', import.meta.url)),
      ...['--hub', server.hubBaseUrl, '--user', 'alice', '--out', out, '--json', ...CRASH_ARGS],
    ],
    {
      env: {
        ...process.env,
        HUB_PASSWORD: server.credentials.channel.password,
        ...(crashAt && { CRASH_AT: JSON.stringify(crashAt) }),
        ...env,
      },
      stdio: 'ignore',
    },
  );
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

/**
 * `count` backups in child processes started at the same instant (each waits, loaded, for the word
 * to go): their exit codes and what each wrote to stderr.
 */
export async function racingBackups(
  server: FakeServer,
  out: string,
  count: number,
): Promise<{ code: number | null; errors: string }[]> {
  const children = Array.from({ length: count }, () =>
    spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./crash-child.ts', import.meta.url)),
        ...['--hub', server.hubBaseUrl, '--user', 'alice', '--out', out, '--json', ...CRASH_ARGS],
      ],
      {
        env: { ...process.env, HUB_PASSWORD: server.credentials.channel.password, CRASH_BARRIER: '1' },
        stdio: ['pipe', 'ignore', 'pipe'],
      },
    ),
  );
  const ended = children.map(
    (child) =>
      new Promise<{ code: number | null; errors: string }>((resolve, reject) => {
        let errors = '';
        child.stderr.on('data', (chunk: Buffer) => {
          errors += chunk.toString();
        });
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, errors: errors.replace(/^ready\n/, '') }));
      }),
  );
  await Promise.all(
    children.map(
      (child) => new Promise((resolve) => child.stderr.once('data', resolve)), // "ready"
    ),
  );
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(ended);
}

/** Every entry of the manifest describes the bytes at its path, which are the hub's. */
export async function expectManifestTrue(server: FakeServer, out: string): Promise<void> {
  const manifest = await readManifest(out);
  const files = aliceFiles(server);
  for (const entry of manifest.files) {
    const file = files.find((candidate) => candidate.hash === entry.hash);
    const bytes = await readFile(join(out, ...entry.path.split('/')));
    expect(sha256(bytes), entry.path).toBe(entry.sha256);
    expect(entry.sha256, entry.path).toBe(file && sha256(file.content()));
  }
}

/** What a killed run left: files complete at their place, partial downloads with their description. */
export interface Leftovers {
  /** Hub hashes of the files whose final path holds their exact bytes. */
  complete: Set<string>;
  /** Manifest paths of files with a `.part` and a `.part.json`, and the `.part`'s size. */
  partials: Map<string, number>;
}

export async function leftovers(server: FakeServer, out: string): Promise<Leftovers> {
  const found: Leftovers = { complete: new Set(), partials: new Map() };
  for (const file of aliceFiles(server)) {
    const path = join(out, 'files', ...file.display_path.split('/'));
    const bytes = await readFile(path).catch(() => undefined);
    if (bytes && sha256(bytes) === sha256(file.content())) found.complete.add(file.hash);
    const dir = join(path, '..');
    const name = file.display_path.split('/').at(-1);
    const part = await stat(join(dir, `.${name}.part`)).catch(() => undefined);
    const described = await stat(join(dir, `.${name}.part.json`)).catch(() => undefined);
    if (part && described) found.partials.set(`files/${file.display_path}`, part.size);
  }
  return found;
}

/**
 * Runs the backup to its end after a kill and checks the folder: exit 0; no file that was complete
 * fetched again; partial downloads continued; the manifest lists every file at its place with its
 * hub version and SHA-256; `verify` exits 0 with nothing partial; nothing else in the folder.
 */
export async function expectCompletes(server: FakeServer, out: string, left: Leftovers): Promise<void> {
  const asked = filedataRequests(server).length;
  const run = await backup(server, out, CRASH_ARGS);
  expect(run.errors).toBe('');
  expect(run.code, JSON.stringify(ofType(run.events, 'summary'))).toBe(0);
  const fetchedAgain = new Set(
    filedataRequests(server)
      .slice(asked)
      .map((request) => request.fileId),
  );
  expect(
    [...left.complete].filter((hash) => fetchedAgain.has(hash)),
    'complete files fetched again',
  ).toEqual([]);
  for (const event of ofType(run.events, 'file')) {
    const kept = left.partials.get(event.path);
    if (kept !== undefined) expect(event.resumed, `${event.path} resumed`).toBe(kept);
  }

  const manifest = await readManifest(out);
  expect(manifest.lastRun.status).toBe('complete');
  const files = aliceFiles(server);
  expect(manifest.files.map((file) => file.hash).sort()).toEqual(files.map((file) => file.hash).sort());
  for (const file of files) {
    const entry = manifest.files.find((candidate) => candidate.hash === file.hash)!;
    const expected = sha256(file.content());
    expect(entry, file.display_path).toMatchObject({
      path: `files/${file.display_path}`,
      size: file.filesize,
      revision: file.revision,
      sha256: expected,
    });
    expect(sha256(await readFile(join(out, ...entry.path.split('/')))), entry.path).toBe(expected);
  }
  const exported = await readFile(join(out, 'channel-export.json'));
  expect(manifest.export?.sha256).toBe(sha256(exported));

  const checked = await verify(out);
  expect(checked.code).toBe(0);
  expect(checked.events.filter((event) => (event.type as string) === 'partial')).toEqual([]);

  const wanted = ['channel-export.json', 'manifest.json', ...manifest.files.map((file) => file.path)];
  expect(await filesBelow(out)).toEqual(wanted.sort());
}

/** Every file below `dir` (folders only through their files), `/`-separated, sorted. */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const entries: Dirent[] = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      const inside = await filesBelow(join(dir, entry.name), `${path}/`);
      // An empty folder is a leftover too, unless it is one of the backup's own folders.
      found.push(...(inside.length > 0 || path.startsWith('files') ? inside : [`${path}/`]));
    } else found.push(path);
  }
  return found.sort();
}
