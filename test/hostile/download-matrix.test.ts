import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DownloadOptions, NativeClient, SdkError } from '../../src/index.js';
import { downloadToFile } from '../../src/node/index.js';
import { DOWNLOAD_CASES, type DownloadCase, type Sink } from './matrix/download-cases.js';
import { TamperingHub } from './support/tampering-hub.js';
import { trackUnhandledRejections } from './support/unhandled.js';

/** The download rows of the fault matrix (matrix/download-cases.ts), over loopback HTTP, for each sink. */

const unhandled = trackUnhandledRejections();
const hub = new TamperingHub();
let dir: string;
beforeAll(async () => {
  await hub.start();
  dir = await mkdtemp(join(tmpdir(), 'socialsite-hostile-'));
});
afterEach(() => hub.reset());
afterAll(async () => {
  await hub.close();
  await rm(dir, { recursive: true, force: true });
});

const SINKS: readonly Sink[] = ['stream', 'blob', 'file'];
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Downloads through `sink`; resolves with the bytes (read back from disk for `file`). */
async function download(client: NativeClient, fileId: string, sink: Sink, options: DownloadOptions) {
  switch (sink) {
    case 'stream': {
      const parts: Uint8Array[] = [];
      for await (const part of client.files.download(fileId, options)) parts.push(part);
      return new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
    }
    case 'blob':
      return new Uint8Array(await (await client.files.downloadBlob(fileId, options)).arrayBuffer());
    case 'file': {
      const target = join(dir, 'download.bin');
      await downloadToFile(client, fileId, target, options);
      const bytes = await readFile(target);
      await rm(target);
      return bytes;
    }
  }
}

const cells = DOWNLOAD_CASES.flatMap((row) =>
  (row.sinks ?? SINKS).map((sink) => [row.name, sink, row] as const),
);

describe.each(DOWNLOAD_CASES.map((row) => [row.name] as const))('%s', (name) => {
  it.each(cells.filter(([rowName]) => rowName === name).map(([, sink, row]) => [sink, row] as const))(
    'via %s',
    async (sink, row: DownloadCase) => {
      hub.site.faults = row.faults ?? {};
      hub.tamper = row.tamper;
      const file = hub.site.files[row.file];
      const controller = new AbortController();
      const reason = new DOMException(`"${row.name}" cancelled`, 'AbortError');
      // Counted as the client sends them: the server may see one sent before an abort after it.
      let sent = 0;
      const client = new NativeClient({
        baseUrl: hub.url,
        ...hub.site.credentials.channel,
        retry: { limit: 1, delay: () => 0 },
        fetch: (input, init) => {
          sent++;
          return globalThis.fetch(input, init);
        },
      });
      const options: DownloadOptions = {
        ...row.options,
        signal: controller.signal,
        onProgress: ({ loaded }) => {
          if (row.abortAt !== undefined && loaded >= row.abortAt) controller.abort(reason);
        },
      };

      // Every download settles: one that hung would fail by the test's timeout (no wall-clock bound
      // here, which a loaded machine would break).
      const settled = await download(client, file.file_id, sink, options).then(
        (bytes) => ({ ok: true as const, bytes }),
        (error: unknown) => ({ ok: false as const, error }),
      );

      const { expect: outcome } = row;
      if (outcome.kind === 'exact') {
        expect(settled.ok, settled.ok ? '' : String(settled.error)).toBe(true);
        if (settled.ok) expect(sha256(settled.bytes)).toBe(file.sha256);
        expect(hub.chunkRequests).toBe(outcome.chunkRequests);
      } else if (outcome.kind === 'fails') {
        expect(settled.ok).toBe(false);
        if (!settled.ok) {
          expect(settled.error).toBeInstanceOf(SdkError);
          expect((settled.error as Error).constructor.name).toBe(outcome.error.name);
          if (outcome.message) expect((settled.error as Error).message).toMatch(outcome.message);
        }
      } else {
        expect(settled.ok ? 'completed' : settled.error).toBe(reason);
        const atAbort = sent;
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(sent, 'no request sent after the abort').toBe(atAbort);
      }
      // Success leaves nothing behind but what was read back and removed; failure and abort leave
      // nothing at the target and no temporary .part file.
      expect(await readdir(dir)).toEqual([]);
      await unhandled.expectNone();
    },
  );
});
