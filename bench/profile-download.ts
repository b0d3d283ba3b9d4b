/**
 * `node --cpu-prof --import tsx bench/profile-download.ts [concurrency] [MiB]`: one download of the
 * virtual hub's file with the built SDK, the hub in another process, for a CPU profile of the client
 * alone (see bench/RESULTS.md, "Profile").
 */
import { sdk } from './dist.js';
import { rawDownload, type VirtualHubInfo } from './download-speed.js';
import { spawnSite } from './spawn-site.js';

const mode = process.argv[2] ?? '1';
const concurrency = Number(mode);
const mib = process.argv[3] ?? '64';
const site = await spawnSite<VirtualHubInfo>('virtual', mib);
try {
  const hub = new sdk.NativeClient({ baseUrl: site.info.baseUrl, username: 'bench', password: 'bench-pass' });
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    let bytes = 0;
    if (mode === 'raw') {
      // The hand-written loop of case 3a, for a profile to compare with.
      await rawDownload(site.info, (chunk) => {
        bytes += chunk.length;
      });
    } else {
      const reader = hub.files.download(site.info.fileId, { concurrency }).getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${mode}: ${bytes} bytes in ${seconds.toFixed(2)} s, ${(bytes / seconds / 1e6).toFixed(0)} MB/s`,
    );
  }
} finally {
  await site.stop();
}
