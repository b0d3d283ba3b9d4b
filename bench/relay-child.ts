// The relay alone in its own process (so its memory is measured apart from the site and the
// client), in front of the site given as arguments: baseUrl username password. Prints its URL as a
// JSON line; when stdin closes, prints its baseline and peak memory as a JSON line and exits.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRelay, toNodeHandler } from '../src/relay.js';

const [baseUrl = '', username = '', password = ''] = process.argv.slice(2);
const relay = createRelay({ authorize: () => true, hub: { baseUrl, username, password } });
const server = createServer(toNodeHandler(relay));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
globalThis.gc?.();
const baseline = process.memoryUsage();
const peak = { rss: baseline.rss, heapUsed: baseline.heapUsed, arrayBuffers: baseline.arrayBuffers };
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  peak.rss = Math.max(peak.rss, usage.rss);
  peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
  peak.arrayBuffers = Math.max(peak.arrayBuffers, usage.arrayBuffers);
}, 5);
console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }));
process.stdin.resume();
process.stdin.on('end', () => {
  clearInterval(sampler);
  console.log(JSON.stringify({ baseline, peak }));
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
