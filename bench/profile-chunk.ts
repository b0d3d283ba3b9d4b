/**
 * `node --import tsx bench/profile-chunk.ts`: the client's cost of ONE 1 MiB `filedata` chunk, step
 * by step (raw fetch + text + JSON.parse + base64 against `files.data()` and its parts), the
 * virtual hub in another process. For the profile in bench/RESULTS.md.
 */
import { sdk } from './dist.js';
import type { VirtualHubInfo } from './download-speed.js';
import { spawnSite } from './spawn-site.js';

const CHUNK = 1024 * 1024;
const site = await spawnSite<VirtualHubInfo>('virtual', '64');
const { baseUrl, fileId } = site.info;
const auth = { Authorization: `Basic ${btoa('bench:bench-pass')}` };
const url = (start: number) =>
  `${baseUrl}api/z/1.0/filedata?file_id=${fileId}&start=${start}&length=${CHUNK}`;
const hub = new sdk.NativeClient({ baseUrl, username: 'bench', password: 'bench-pass' });
const hubOff = new sdk.NativeClient({
  baseUrl,
  username: 'bench',
  password: 'bench-pass',
  validation: 'off',
});

const variants: Record<string, (start: number) => Promise<number>> = {
  'raw: fetch + text + JSON.parse + Buffer.from': async (start) => {
    const response = await fetch(url(start), { headers: auth });
    const { attach } = JSON.parse(await response.text());
    return Buffer.from(attach.content, 'base64').length;
  },
  'raw: fetch + arrayBuffer only': async (start) => {
    const response = await fetch(url(start), { headers: auth });
    return (await response.arrayBuffer()).byteLength;
  },
  'sdk: files.data (strict)': async (start) =>
    (await hub.files.data({ file_id: fileId, start, length: CHUNK })).bytes.length,
  'sdk: files.data (off)': async (start) =>
    (await hubOff.files.data({ file_id: fileId, start, length: CHUNK })).bytes.length,
};
const results: Record<string, number[]> = {};
for (let round = 0; round < 7; round++) {
  for (const [name, run] of Object.entries(variants)) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < 32; i++) await run(i * CHUNK);
    const wall = (performance.now() - started) / 32;
    const used = process.cpuUsage(cpu);
    results[name] ??= [];
    results[name].push(wall, (used.user + used.system) / 1000 / 32);
  }
}
for (const [name, values] of Object.entries(results)) {
  const walls = values.filter((_, i) => i % 2 === 0).sort((a, b) => a - b);
  const cpus = values.filter((_, i) => i % 2 === 1).sort((a, b) => a - b);
  console.log(`${name.padEnd(48)} wall ${walls[3]!.toFixed(2)} ms  client CPU ${cpus[3]!.toFixed(2)} ms`);
}
await site.stop();
