/**
 * Case 3a: download throughput of a 64 MiB file: `files.download` at concurrency 1 to 4 against a
 * hand-written sequential loop of `filedata` requests decoding the base64 and against the same loop
 * as a sliding window of 4 requests, from the virtual hub in another process (so its base64 encoding
 * overlaps the client's decoding as a real server's would). Run once per server: the simple one
 * (encodes on its main thread) and the lean one (encodes in worker threads).
 */
import { createHash } from 'node:crypto';
import { sdk } from './dist.js';
import { type CaseResult, ratio } from './report.js';
import { interleave, medianTiming } from './stats.js';

export interface VirtualHubInfo {
  baseUrl: string;
  fileId: string;
  size: number;
  sha256: string;
}

export interface DownloadSpeedOptions {
  rounds: number;
  /** Which server, for the titles: `virtual hub` or `lean hub`. */
  server: string;
  /** Its case letter (3a, 3c). */
  label: string;
}

/** The SDK's default chunk size, for both sides. */
const CHUNK = 1024 * 1024;
const TARGET_C1 = 0.95;
/** Issue 24: concurrency 4 at least this fraction of a raw sliding window of 4, same server, same run. */
const TARGET_C4_WINDOW = 0.95;
const CONCURRENCIES = [1, 2, 3, 4] as const;

/** The hand-written loop: one `filedata` request after the other, `JSON.parse`, base64 decode. */
export async function rawDownload(hub: VirtualHubInfo, sink: (bytes: Uint8Array) => void): Promise<void> {
  let size = Number.POSITIVE_INFINITY;
  for (let start = 0; start < size; start += CHUNK) {
    const url = `${hub.baseUrl}api/z/1.0/filedata?file_id=${hub.fileId}&start=${start}&length=${CHUNK}`;
    const response = await fetch(url, { headers: { Authorization: `Basic ${btoa('bench:bench-pass')}` } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { attach } = JSON.parse(await response.text()) as { attach: { filesize: string; content: string } };
    size = Number(attach.filesize);
    sink(Buffer.from(attach.content, 'base64'));
  }
}

/**
 * The same loop with `width` requests at a time, each worker asking for the next chunk as soon as it
 * has decoded its own: what a plain sliding window gets from this server and machine, the ceiling
 * the SDK's concurrency is compared with.
 */
export async function rawWindow(
  hub: VirtualHubInfo,
  width: number,
  sink: (bytes: Uint8Array) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < hub.size) {
      const start = next;
      next += CHUNK;
      const url = `${hub.baseUrl}api/z/1.0/filedata?file_id=${hub.fileId}&start=${start}&length=${CHUNK}`;
      const response = await fetch(url, { headers: { Authorization: `Basic ${btoa('bench:bench-pass')}` } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { attach } = JSON.parse(await response.text()) as { attach: { content: string } };
      // Counted, not ordered: the bytes are only measured.
      sink(Buffer.from(attach.content, 'base64'));
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

async function sdkDownload(
  hub: InstanceType<typeof sdk.NativeClient>,
  fileId: string,
  concurrency: number,
  sink: (bytes: Uint8Array) => void,
): Promise<void> {
  const reader = hub.files.download(fileId, { concurrency, chunkSize: CHUNK }).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) sink(next.value);
}

export async function downloadSpeed(
  info: VirtualHubInfo,
  options: DownloadSpeedOptions,
): Promise<CaseResult> {
  const hub = new sdk.NativeClient({ baseUrl: info.baseUrl, username: 'bench', password: 'bench-pass' });
  // Once each, untimed (it doubles as the warm-up): all must deliver the file byte for byte.
  for (const [name, run] of [
    ['raw loop', (sink: (bytes: Uint8Array) => void) => rawDownload(info, sink)],
    ['files.download', (sink: (bytes: Uint8Array) => void) => sdkDownload(hub, info.fileId, 4, sink)],
  ] as const) {
    const hash = createHash('sha256');
    await run((bytes) => hash.update(bytes));
    if (hash.digest('hex') !== info.sha256) throw new Error(`${name}: the bytes differ from the file`);
  }
  let received = 0;
  const count = (bytes: Uint8Array) => {
    received += bytes.length;
  };
  const checked = (run: () => Promise<void>) => async () => {
    received = 0;
    await run();
    if (received !== info.size) throw new Error(`received ${received} bytes of ${info.size}`);
  };
  const variants: Record<string, () => Promise<void>> = {
    raw: checked(() => rawDownload(info, count)),
    window4: checked(() => rawWindow(info, 4, count)),
  };
  for (const concurrency of CONCURRENCIES)
    variants[`c${concurrency}`] = checked(() => sdkDownload(hub, info.fileId, concurrency, count));
  const timings = await interleave(variants, { rounds: options.rounds, warmup: 0 });
  const speed = (name: string) => info.size / 1e6 / (medianTiming(timings[name] ?? []).wallMs / 1000);
  const raw = speed('raw');
  const window4 = speed('window4');
  const sdkSpeeds = CONCURRENCIES.map((concurrency) => speed(`c${concurrency}`));
  const [c1 = 0] = sdkSpeeds;
  const c4 = sdkSpeeds[3] ?? 0;
  const all = [raw, window4, ...sdkSpeeds];
  const mib = info.size / 1024 / 1024;
  return {
    tables: [
      {
        title: `${options.label}. Download throughput from the ${options.server}: a ${mib} MiB file, 1 MiB chunks`,
        note:
          `Median of ${options.rounds} downloads each, interleaved; bytes counted, not stored (checked by SHA-256 once). ` +
          'The server escapes `/` as PHP does. "Raw window" is the raw loop with 4 requests at a time: what a plain sliding window gets from this server and machine.',
        headers: ['', 'raw loop', 'raw window of 4', ...CONCURRENCIES.map((c) => `SDK c${c}`)],
        rows: [
          ['MB/s', ...all.map((value) => `${value.toFixed(0)} MB/s`)],
          ['/ raw loop', ...all.map((value) => ratio(value / raw))],
          ['/ raw window', '', '', ...sdkSpeeds.map((value) => ratio(value / window4))],
        ],
      },
    ],
    targets: [
      {
        name: `download from the ${options.server}, concurrency 1 / raw loop`,
        measured: ratio(c1 / raw),
        wanted: `≥ ${ratio(TARGET_C1)}`,
        met: c1 / raw >= TARGET_C1,
      },
      {
        name: `download from the ${options.server}, concurrency 4 / raw window of 4`,
        measured: ratio(c4 / window4),
        wanted: `≥ ${ratio(TARGET_C4_WINDOW)}`,
        met: c4 / window4 >= TARGET_C4_WINDOW,
      },
    ],
  };
}
