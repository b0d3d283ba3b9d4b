/**
 * What each ky feature the transport could have used costs per call (issue 24), against a plain
 * `fetch` with a timer: a same-process fetch stub answers a precomputed 10-friend body, so only the
 * client's work is timed. ky is a devDependency for this and for case 1's "bare ky" column.
 *
 * `npx tsx bench/ky-features.ts` (about a minute). Figures quoted in src/core/http/transport.ts.
 */
import ky from 'ky';
import { interleave, medianTiming } from './stats.js';

const CALLS = 2000;
const BODY = new TextEncoder().encode(
  JSON.stringify({
    api: { total: 10, pages: 1, current_page: 1 },
    output: Array.from({ length: 10 }, (_, index) => ({
      user_id: String(index),
      full_name: `Friend ${index}`,
    })),
  }),
);
const URL_ = 'https://site.example/api.php?method=friend.getFriends&token=t';
const HEADERS = { 'user-agent': 'socialsite-sdk/0.1.0 node/24', accept: 'application/json' };
const stub: typeof fetch = async () =>
  new Response(BODY, { status: 200, headers: { 'content-type': 'application/json' } });

async function drain(body: ReadableStream<Uint8Array> | null): Promise<number> {
  let size = 0;
  if (!body) return size;
  for await (const piece of body) size += piece.byteLength;
  return size;
}

const base = { timeout: 30_000, headers: HEADERS, throwHttpErrors: false, redirect: 'manual' } as const;
const retry = { limit: 2, methods: ['get'], statusCodes: [408, 429, 502, 503, 504], retryOnTimeout: true };
const kyPlain = ky.create({ ...base, retry: 0 });
const kyRetry = ky.create({ ...base, retry });
const kyHooks = ky.create({
  ...base,
  retry,
  hooks: { beforeRequest: [() => {}], beforeRetry: [() => {}], afterResponse: [() => {}] },
});
const viaStub = { fetch: (input: RequestInfo | URL, init?: RequestInit) => stub(input, init) };

const variants = {
  'fetch + timer (the SDK now)': async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      const response = await stub(URL_, { headers: HEADERS, redirect: 'manual', signal: controller.signal });
      return await drain(response.body);
    } finally {
      clearTimeout(timer);
    }
  },
  'ky, retry 0 (the SDK before)': async () => drain((await kyPlain(URL_, viaStub)).body),
  'ky, its retry': async () => drain((await kyRetry(URL_, viaStub)).body),
  'ky, its retry and 3 hooks': async () => drain((await kyHooks(URL_, viaStub)).body),
  "ky, retry 0, the caller's signal": async () =>
    drain((await kyPlain(URL_, { ...viaStub, signal: new AbortController().signal })).body),
};

const batches = Object.fromEntries(
  Object.entries(variants).map(([name, call]) => [
    name,
    async () => {
      for (let index = 0; index < CALLS; index++) await call();
    },
  ]),
);
const timings = await interleave(batches, { rounds: 11, warmup: 2 });
const floor = medianTiming(timings['fetch + timer (the SDK now)'] ?? []).cpuMs;
console.log(`Median of 11 rounds of ${CALLS} calls, interleaved; client CPU per call.`);
for (const [name, runs] of Object.entries(timings)) {
  const perCall = (medianTiming(runs).cpuMs * 1000) / CALLS;
  const extra = perCall - (floor * 1000) / CALLS;
  console.log(`${name.padEnd(34)} ${perCall.toFixed(1).padStart(6)} µs  (+${extra.toFixed(1)} µs)`);
}
