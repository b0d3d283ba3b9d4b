import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import {
  aliceFiles,
  backup,
  fakeHub,
  filedataRequests,
  ofType,
  readManifest,
  scratchDir,
  sha256,
} from './support.js';

const MiB = 1024 * 1024;

describe('a backup from a failing hub', () => {
  it('rides out 503s with Retry-After and dropped connections, byte-exact', async () => {
    const big = createFakeSite().files.big.file_id;
    const server = await fakeHub({
      faults: {
        fail: [
          // The hub is busy for a moment, and says how long to wait.
          { path: 'api/z/1.0/filedata', status: 503, retryAfter: 1, nth: 3, times: 2 },
          // The file list's connection drops half-way through its body.
          { path: 'api/z/1.0/files', resetAfterBytes: 200 },
        ],
        // Connections dropped in the middle of chunks of the big file.
        filedata: [
          { offset: 0, fileId: big, fault: 'reset' },
          { offset: MiB, fileId: big, fault: 'reset', times: 2 },
        ],
      },
    });
    const out = await scratchDir();
    const started = Date.now();
    const run = await backup(server, out);
    expect(run.errors).toBe('');
    expect(run.code).toBe(0);
    // Retry-After was waited for (1 s, twice, maybe at the same time in two downloads).
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    const retries = ofType(run.events, 'retry');
    expect(retries.filter((retry) => retry.reason.includes('503'))).toHaveLength(2);
    expect(retries.filter((retry) => retry.delayMs === 1000)).toHaveLength(2);
    const statuses = server.site.requests.map((request) => request.status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
    // Four dropped connections: the list once, big.bin's first chunk once and its second twice.
    expect(retries.filter((retry) => retry.reason === 'connection failed')).toHaveLength(4);

    const manifest = await readManifest(out);
    for (const file of aliceFiles(server)) {
      const entry = manifest.files.find((candidate) => candidate.hash === file.hash)!;
      expect(sha256(await readFile(join(out, ...entry.path.split('/')))), file.display_path).toBe(
        sha256(file.content()),
      );
    }
  });

  it('a file the hub keeps refusing makes the run partial (exit 3); the next run fetches only it', async () => {
    const server = await fakeHub();
    const notes = server.site.files.notes.file_id;
    server.site.faults = {
      filedata: [{ offset: 0, fileId: notes, fault: 'error', status: 500, times: 100 }],
    };
    const out = await scratchDir();
    const first = await backup(server, out);
    expect(first.code).toBe(3);
    const summary = ofType(first.events, 'summary')[0];
    expect(summary?.status).toBe('partial');
    expect(summary?.failures.map((failure) => failure.path)).toEqual(['files/Documents/notes.txt']);
    expect(summary?.files.downloaded).toBe(aliceFiles(server).length - 1);
    expect((await readManifest(out)).files.map((file) => file.path)).not.toContain(
      'files/Documents/notes.txt',
    );

    server.site.faults = {};
    const before = filedataRequests(server).length;
    const second = await backup(server, out);
    expect(second.code).toBe(0);
    expect(
      new Set(
        filedataRequests(server)
          .slice(before)
          .map((request) => request.fileId),
      ),
    ).toEqual(new Set([notes]));
  });

  it('a hub that cannot list the files fails the run (exit 1) when nothing could be saved', async () => {
    const server = await fakeHub({
      faults: { fail: [{ path: 'api/z/1.0/files', status: 500, times: 100 }] },
    });
    const out = await scratchDir();
    const withExport = await backup(server, out);
    expect(withExport.code).toBe(3); // the export was saved
    const filesOnly = await backup(server, await scratchDir(), ['--no-export']);
    expect(filesOnly.code).toBe(1);
    expect(ofType(filesOnly.events, 'summary')[0]?.error).toMatch(/file list could not be read/);
  });
});
