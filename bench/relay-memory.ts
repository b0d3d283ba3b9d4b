/**
 * `npx tsx bench/relay-memory.ts`: the relay's memory while files of 10 and 100 MiB pass through it.
 * The fake site and the client run here, the relay in a child process of its own (relay-child.ts),
 * sampling its RSS and heap every 5 ms. A constant-memory relay shows the same growth for both sizes.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { NativeClient } from '../src/index.js';
import { startFakeServer } from '../src/testing/index.js';

const MiB = 1024 * 1024;
const fake = await startFakeServer();
const { username, password } = fake.credentials.channel;

for (const size of [10 * MiB, 100 * MiB]) {
  const file = fake.site.addFile({
    filename: `${size / MiB}.bin`,
    bytes: new Uint8Array(size).map((_, index) => (index * 2654435761) >>> 24),
  });
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      new URL('./relay-child.ts', import.meta.url).pathname,
      fake.hubBaseUrl,
      username,
      password,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const next = async () => JSON.parse(((await once(lines, 'line')) as [string])[0]);
  const { url } = await next();
  const hub = new NativeClient({ relay: url });
  const hash = createHash('sha256');
  let received = 0;
  for await (const piece of hub.files.download(file.file_id, { concurrency: 3 })) {
    hash.update(piece);
    received += piece.byteLength;
  }
  child.stdin.end();
  const { baseline, peak } = await next();
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    `${size / MiB} MiB through the relay: ${received === size && hash.digest('hex') === file.sha256 ? 'byte-exact' : 'WRONG'}; relay RSS ${mb(baseline.rss)} → peak ${mb(peak.rss)} (+${mb(peak.rss - baseline.rss)}), heap ${mb(baseline.heapUsed)} → peak ${mb(peak.heapUsed)} (+${mb(peak.heapUsed - baseline.heapUsed)}), ArrayBuffers peak ${mb(peak.arrayBuffers)}`,
  );
}
await fake.close();
