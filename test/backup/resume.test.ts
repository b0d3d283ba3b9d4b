import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  backup,
  fakeHub,
  filedataRequests,
  MiB,
  ofType,
  readManifest,
  scratchDir,
  sha256,
  slow,
  watchedSite,
} from './support.js';

describe('an interrupted backup', () => {
  it('stops on the signal mid-file, keeps the partial download, and the next run continues it', async () => {
    const controller = new AbortController();
    let bigId = '';
    const site = watchedSite((fileId, start) => {
      if (fileId === bigId && start >= MiB) controller.abort();
    });
    bigId = site.files.big.file_id;
    const server = await fakeHub({ site });
    const out = await scratchDir();

    const first = await backup(server, out, slow, { signal: controller.signal });
    expect(first.code).toBe(130);
    expect(ofType(first.events, 'summary')[0]?.status).toBe('interrupted');
    const documents = join(out, 'files', 'Documents');
    // Nothing half-written under the final name; the partial file and its description wait.
    expect(await readdir(documents)).not.toContain('big.bin');
    expect(await readdir(documents)).toEqual(expect.arrayContaining(['.big.bin.part', '.big.bin.part.json']));
    const kept = (await readFile(join(documents, '.big.bin.part'))).length;
    expect(kept).toBeGreaterThanOrEqual(MiB);
    // What was completed before is in the manifest already.
    const manifest = await readManifest(out);
    expect(manifest.lastRun.status).toBe('interrupted');
    expect(manifest.files.map((file) => file.path)).toContain('files/Documents/notes.txt');
    expect(manifest.files.map((file) => file.path)).not.toContain('files/Documents/big.bin');

    const before = filedataRequests(server).length;
    const second = await backup(server, out, slow);
    expect(second.code).toBe(0);
    const big = ofType(second.events, 'file').find((event) => event.path === 'files/Documents/big.bin');
    expect(big).toMatchObject({ size: site.files.big.filesize, resumed: kept });
    expect(big?.fetched).toBe(site.files.big.filesize - kept);
    // Only the missing part was asked for.
    const asked = filedataRequests(server)
      .slice(before)
      .filter((request) => request.fileId === bigId);
    expect(Math.min(...asked.map((request) => request.start))).toBe(kept);
    expect(sha256(await readFile(join(documents, 'big.bin')))).toBe(site.files.big.sha256);
    expect((await readdir(documents)).filter((name) => name.includes('.part'))).toEqual([]);
  });

  it('a killed process is continued by the next run', async () => {
    let kill: (() => void) | undefined;
    let bigId = '';
    const site = watchedSite((fileId, start) => {
      if (fileId === bigId && start >= MiB) kill?.();
    });
    bigId = site.files.big.file_id;
    const server = await fakeHub({ site });
    const out = await scratchDir();

    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        fileURLToPath(new URL('./backup-child.ts', import.meta.url)),
        ...['--hub', server.hubBaseUrl, '--user', 'alice', '--out', out, ...slow],
      ],
      { env: { ...process.env, HUB_PASSWORD: server.credentials.channel.password }, stdio: 'ignore' },
    );
    const exit = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_, signal) => resolve(signal)),
    );
    kill = () => child.kill('SIGKILL');
    expect(await exit).toBe('SIGKILL');

    const documents = join(out, 'files', 'Documents');
    const kept = (await readFile(join(documents, '.big.bin.part'))).length;
    expect(kept).toBeGreaterThan(0);
    const before = filedataRequests(server).length;
    // The dead process's lock is taken over.
    const second = await backup(server, out, slow);
    expect(second.errors).toBe('');
    expect(second.code).toBe(0);
    const big = ofType(second.events, 'file').find((event) => event.path === 'files/Documents/big.bin');
    expect(big?.resumed).toBe(kept);
    const asked = filedataRequests(server)
      .slice(before)
      .filter((request) => request.fileId === bigId);
    expect(Math.min(...asked.map((request) => request.start))).toBe(kept);
    expect(sha256(await readFile(join(documents, 'big.bin')))).toBe(site.files.big.sha256);
  }, 30_000);
});
