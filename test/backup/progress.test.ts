import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDisplay, summaryLines } from '../../src/backup/backup-display.js';
import type { BackupEvent, BackupProgress, BackupSummary } from '../../src/backup/index.js';
import { runBackupCli } from '../../src/backup/index.js';
import { formatBytes } from '../../src/backup/terminal.js';
import {
  aliceFiles,
  backup,
  fakeHub,
  MiB,
  ofType,
  readManifest,
  runCli,
  scratchDir,
  slow,
  watchedSite,
} from './support.js';

function progress(downloading: BackupProgress['downloading']): BackupEvent {
  return {
    type: 'progress',
    filesDone: 2,
    filesTotal: 7,
    bytesDone: MiB,
    bytesTotal: 3 * MiB,
    bytesFetched: MiB,
    elapsedMs: 1000,
    downloading,
  };
}

/** What a terminal shows last: the text after the last carriage return and erase-line. */
function lastRedraw(output: string): string {
  return output.split('\r\u001b[2K').at(-1) ?? '';
}

describe('the progress line names the file in flight', () => {
  const big = { path: 'files/Documents/big.bin', loaded: MiB, size: 3 * MiB };
  const small = { path: 'files/Photos/sunset.png', loaded: 0, size: 1000 };

  it('on a terminal: the longest-running download, how far it is, and how many others run', () => {
    let output = '';
    const display = backupDisplay({ mode: 'tty', write: (text) => (output += text), columns: 100 });
    display.show(progress([big, small]));
    expect(lastRedraw(output)).toBe('2/7 files · 1.0 MiB/3.0 MiB · Documents/big.bin 33% (+1 more)');
    display.show(progress([small]));
    expect(lastRedraw(output)).toBe('2/7 files · 1.0 MiB/3.0 MiB · Photos/sunset.png 0%');
    display.show(progress([]));
    expect(lastRedraw(output)).toBe('2/7 files · 1.0 MiB/3.0 MiB');
  });

  it('a long path is shortened from the left to fit the terminal, keeping the name', () => {
    let output = '';
    const display = backupDisplay({ mode: 'tty', write: (text) => (output += text), columns: 60 });
    const deep = { path: `files/${'a-long-folder-name/'.repeat(5)}report.pdf`, loaded: 0, size: 10 };
    display.show(progress([deep]));
    const line = lastRedraw(output);
    expect(line.length).toBeLessThanOrEqual(59);
    expect(line).toMatch(/^2\/7 files · 1\.0 MiB\/3\.0 MiB · …[\w/-]*\/report\.pdf 0%$/);
  });

  it('as a plain line (a log), every 10 seconds', () => {
    let output = '';
    let clock = 0;
    const display = backupDisplay({ mode: 'plain', write: (text) => (output += text), now: () => clock });
    clock = 10_000;
    display.show(progress([big]));
    expect(output).toBe('2/7 files · 1.0 MiB/3.0 MiB · Documents/big.bin 33%\n');
  });

  it('in a real run on a terminal, while big.bin downloads', async () => {
    const server = await fakeHub();
    const run = await runCli(
      runBackupCli,
      ['--hub', server.hubBaseUrl, '--user', 'alice', '--out', await scratchDir(), ...slow],
      { env: { HUB_PASSWORD: server.credentials.channel.password }, isTTY: true, columns: 120 },
    );
    expect(run.code).toBe(0);
    const redraws = run.output.split('\r\u001b[2K');
    expect(redraws.some((text) => / · Documents\/big\.bin \d+%$/.test(text))).toBe(true);
    // Every file downloaded is named while it is in flight (each start redraws the line).
    for (const file of aliceFiles(server)) {
      const named = new RegExp(`[ /]${file.filename.replaceAll('.', '\\.')}( \\d+%)?$`);
      expect(
        redraws.some((text) => named.test(text)),
        file.filename,
      ).toBe(true);
    }
  });
});

describe('the summary of an interrupted run counts what is on disk', () => {
  it('the complete copies and the partial downloads of earlier runs, besides what this run fetched', async () => {
    let stopAt = MiB;
    let controller = new AbortController();
    let bigId = '';
    const site = watchedSite((fileId, start) => {
      if (fileId === bigId && start >= stopAt) controller.abort();
    });
    bigId = site.files.big.file_id;
    const server = await fakeHub({ site });
    const out = await scratchDir();
    const part = join(out, 'files', 'Documents', '.big.bin.part');
    /** What the manifest lists (complete copies) and the partial file hold. */
    const onDisk = async () => {
      const manifest = await readManifest(out);
      return manifest.files.reduce((sum, file) => sum + file.size, 0) + (await stat(part)).size;
    };
    const total = aliceFiles(server).reduce((sum, file) => sum + file.filesize, 0);

    const first = await backup(server, out, slow, { signal: controller.signal });
    expect(first.code).toBe(130);
    const firstPart = (await stat(part)).size;
    expect(firstPart).toBeGreaterThanOrEqual(MiB);
    const firstSummary = ofType(first.events, 'summary')[0];
    expect(firstSummary?.bytes).toMatchObject({ total, onDisk: await onDisk() });
    // Nothing was on disk before: what is there now came over the network in this run.
    expect(firstSummary?.bytes.fetched).toBeGreaterThanOrEqual(await onDisk());

    // The second run continues big.bin and is interrupted again, 1 MiB further; plain lines this time.
    stopAt = 2 * MiB;
    controller = new AbortController();
    const second = await runCli(
      runBackupCli,
      ['--hub', server.hubBaseUrl, '--user', 'alice', '--out', out, ...slow],
      { env: { HUB_PASSWORD: server.credentials.channel.password }, signal: controller.signal },
    );
    expect(second.code).toBe(130);
    const secondPart = (await stat(part)).size;
    expect(secondPart).toBeGreaterThan(firstPart);
    // The bytes of the first run count as on disk and as resumed; this run fetched 1 MiB more.
    const expected = await onDisk();
    expect(expected).toBeGreaterThan(secondPart);
    expect(second.output).toContain(
      `  bytes: ${formatBytes(expected)} of ${formatBytes(total)} on disk (${formatBytes(secondPart - firstPart)} fetched, ${formatBytes(firstPart)} resumed)\n`,
    );

    // A third run completes it: everything on disk, the partial bytes resumed rather than fetched.
    const third = await backup(server, out, slow);
    expect(third.code).toBe(0);
    expect(ofType(third.events, 'summary')[0]?.bytes).toMatchObject({
      total,
      onDisk: total,
      resumed: secondPart,
      fetched: total - expected,
    });
    expect((await readFile(join(out, 'files', 'Documents', 'big.bin'))).length).toBe(site.files.big.filesize);
  });

  it('a complete run says every byte is on disk', () => {
    const summary: BackupSummary = {
      status: 'complete',
      exitCode: 0,
      out: '/backups/alice',
      files: { total: 2, downloaded: 1, unchanged: 1, moved: 0, failed: 0, gone: 0, pruned: 0 },
      bytes: { total: 3 * MiB, fetched: 2 * MiB, resumed: 0, onDisk: 3 * MiB },
      export: 'saved',
      durationMs: 1200,
      failures: [],
    };
    expect(summaryLines(summary)).toContain(
      '  bytes: 3.0 MiB of 3.0 MiB on disk (2.0 MiB fetched, 0 B resumed)',
    );
  });
});
