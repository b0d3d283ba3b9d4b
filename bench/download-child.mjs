// Runs one downloadToFile through the BUILT package (plain Node resolves the package's own name
// through its `exports`) in its own process, sampling RSS, so the figure is the client's alone.
// Two baselines: cold (package loaded, nothing fetched) and warm (after one small `filemeta`
// request, which loads Node's fetch and opens the connection: about 17 MB that any first request
// costs, whatever the file). Prints one JSON line. Args: baseUrl fileId path concurrency chunkSize
// (`default` for either: the option is left out, so the SDK's default applies).
import { NativeClient } from 'socialsite-sdk';
import { downloadToFile } from 'socialsite-sdk/node';

const [baseUrl, fileId, path, concurrency, chunkSize] = process.argv.slice(2);
globalThis.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
const peaks = { heapTotal: 0, external: 0, arrayBuffers: 0 };
const sample = () => {
  const usage = process.memoryUsage();
  peak = Math.max(peak, usage.rss);
  for (const key of Object.keys(peaks)) peaks[key] = Math.max(peaks[key], usage[key]);
};
const sampler = setInterval(sample, 10);
const hub = new NativeClient({ baseUrl, username: 'bench', password: 'bench-pass' });
await hub.files.meta({ file_id: fileId });
sample();
const warmBaseline = process.memoryUsage().rss;
const started = performance.now();
const result = await downloadToFile(hub, fileId, path, {
  ...(concurrency !== 'default' && { concurrency: Number(concurrency) }),
  ...(chunkSize !== 'default' && { chunkSize: Number(chunkSize) }),
  onProgress: sample,
});
const durationMs = performance.now() - started;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  JSON.stringify({
    bytes: result.bytes,
    durationMs,
    baselineRss: baseline,
    peakRss: peak,
    growth: peak - baseline,
    warmGrowth: peak - warmBaseline,
    peaks,
  }),
);
