/**
 * `node --import tsx bench/profile-call.ts [friends|files] [calls] [strict|off|ky]`: where one
 * call's client time goes. The fake site answers once (in another process); then the SDK (strict
 * by default, or with validation off, or bare ky for comparison) repeats the call against a
 * `fetch` stub answering those bytes, under V8's sampling profiler, and the files and functions
 * with the most self time are listed, in µs per call (see bench/RESULTS.md, issue 24).
 * `BENCH_SOURCE=src` profiles the TypeScript source (names and lines as written).
 */
import { Session } from 'node:inspector/promises';
import ky from 'ky';
import { sdk } from './dist.js';
import type { FakeSiteInfo } from './fake-data.js';
import { record, stubFetch } from './per-call-client.js';
import { spawnSite } from './spawn-site.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const which = process.argv[2] ?? 'files';
const calls = Number(process.argv[3] ?? 2000);
const mode = process.argv[4] ?? 'strict';
const validation = mode === 'off' ? 'off' : 'strict';
const site = await spawnSite<FakeSiteInfo>('fake');
let call: () => PromiseLike<unknown>;
try {
  const { url, username, password } = site.info;
  const { token } = await sdk.AppClient.fromKey(site.info.appKey, { baseUrl: url });
  if (which === 'friends') {
    const target = `${url}api.php?token=${encodeURIComponent(token)}&method=friend.getFriends`;
    const answer = await record(target);
    const app = new sdk.AppClient({ baseUrl: url, token, fetch: stubFetch(answer), validation });
    const bare = ky.create({ fetch: stubFetch(answer) });
    call = mode === 'ky' ? () => bare.get(target).json() : () => app.friend.getFriends();
  } else {
    const authorization = `Basic ${btoa(`${username}:${password}`)}`;
    const answer = await record(`${url}api/z/1.0/files?start=0&records=100`, {
      Authorization: authorization,
    });
    const hub = new sdk.NativeClient({ baseUrl: url, username, password, fetch: stubFetch(answer) });
    call = () => hub.files.list({ records: 100 });
  }
} finally {
  await site.stop();
}

for (let index = 0; index < 500; index++) await call();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 50 });
await session.post('Profiler.start');
const started = performance.now();
for (let index = 0; index < calls; index++) await call();
const wallMs = performance.now() - started;
const { profile } = (await session.post('Profiler.stop')) as unknown as {
  profile: { nodes: ProfileNode[]; startTime: number; endTime: number };
};
session.disconnect();

const totalHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
const usPerHit = (profile.endTime - profile.startTime) / totalHits;
const self = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url: file, lineNumber } = node.callFrame;
  const where = file ? `${file.replace(/^.*\/(node_modules|src|dist)\//, '$1/')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`;
  self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0));
}
console.log(
  `${which} (${mode}): ${calls} calls, ${((wallMs * 1000) / calls).toFixed(1)} µs a call (profiler on)`,
);
const byFile = new Map<string, number>();
for (const node of profile.nodes) {
  const file =
    node.callFrame.url.replace(/^.*\/(node_modules\/[^/]+|src|dist)\//, '$1/') || node.callFrame.functionName;
  byFile.set(file, (byFile.get(file) ?? 0) + (node.hitCount ?? 0));
}
console.log('self time per call (µs), by file:');
for (const [file, hits] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${((hits * usPerHit) / calls).toFixed(2).padStart(8)}  ${file}`);
}
console.log('self time per call (µs), top functions:');
for (const [key, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  console.log(`${((hits * usPerHit) / calls).toFixed(2).padStart(8)}  ${key}`);
}
