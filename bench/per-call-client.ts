/**
 * Case 1b: what one call costs the CLIENT alone. The end-to-end figures of case 1 carry the fake
 * site's own time (another process, the same two cores) in every ratio, which dilutes what the SDK
 * adds. Here every variant gets its answer from a `fetch` stub in this process that hands back the
 * exact bytes and headers the fake site answered for the same call, fetched once before timing: no
 * socket, no server, so the ratios compare the clients' work only (ky's and the SDK's included).
 */
import ky from 'ky';
import { sdk } from './dist.js';
import type { FakeSiteInfo } from './fake-data.js';
import { type CaseResult, micros, ratio, type Table, type Target } from './report.js';
import { interleave, medianTiming, type Timing } from './stats.js';

export interface PerCallClientOptions {
  /** Calls per timed batch. */
  calls: number;
  rounds: number;
}

/** The issue-24 targets for the client's cost alone: SDK strict against bare ky. */
const TARGETS = { friends: 1.25, files: 1.5 };

/** One answer of the fake site, kept as bytes: what each stubbed fetch hands back. */
export interface RecordedAnswer {
  status: number;
  headers: [string, string][];
  bytes: Uint8Array<ArrayBuffer>;
}

/** Headers of the connection, not of the answer: a `Response` made here has no connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export async function record(url: string, headers: Record<string, string> = {}): Promise<RecordedAnswer> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !HOP_BY_HOP.has(name)),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/**
 * A `fetch` that answers `answer` at once, as a server whose answer is ready would; `seen` gets
 * the URLs asked for (checked once before timing, so that every variant asks for the same call).
 */
export function stubFetch(answer: RecordedAnswer, seen?: string[]): typeof fetch {
  return async (input) => {
    seen?.push(input instanceof Request ? input.url : String(input));
    return new Response(answer.bytes, { status: answer.status, headers: answer.headers });
  };
}

/** The query of a URL, sorted: the SDK and the hand-written URL may order parameters differently. */
function sameCall(a: string, b: string): boolean {
  const norm = (url: string) => {
    const parsed = new URL(url);
    parsed.searchParams.sort();
    return parsed.href;
  };
  return norm(a) === norm(b);
}

function batch(calls: number, call: () => PromiseLike<unknown>) {
  return async () => {
    for (let index = 0; index < calls; index++) await call();
  };
}

type Variant = 'raw' | 'ky' | 'off' | 'strict';
type Measured = { label: string; key: keyof typeof TARGETS } & Record<Variant, Timing>;

export async function perCallClient(site: FakeSiteInfo, options: PerCallClientOptions): Promise<CaseResult> {
  const { url, username, password } = site;
  const { token } = await sdk.AppClient.fromKey(site.appKey, { baseUrl: url });
  const appUrl = `${url}api.php?token=${encodeURIComponent(token)}&method=friend.getFriends`;
  const hubUrl = `${url}api/z/1.0/files?start=0&records=100`;
  const authorization = { Authorization: `Basic ${btoa(`${username}:${password}`)}` };
  const friendsAnswer = await record(appUrl);
  const filesAnswer = await record(hubUrl, authorization);

  const friendsFetch = stubFetch(friendsAnswer);
  const filesFetch = stubFetch(filesAnswer);
  const appOptions = { baseUrl: url, token, fetch: friendsFetch };
  const app = new sdk.AppClient(appOptions);
  const appOff = new sdk.AppClient({ ...appOptions, validation: 'off' });
  const hubOptions = { baseUrl: url, username, password, fetch: filesFetch };
  const hub = new sdk.NativeClient(hubOptions);
  const hubOff = new sdk.NativeClient({ ...hubOptions, validation: 'off' });
  const kyFriends = ky.create({ fetch: friendsFetch });
  const kyFiles = ky.create({ fetch: filesFetch, headers: authorization });
  const rawJson = async (stub: typeof fetch, target: string, init?: RequestInit) => {
    const response = await stub(target, init);
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${target}`);
    return JSON.parse(await response.text()) as unknown;
  };

  // Once, before timing: every variant asks for the same call and gets the same items.
  const asked: string[] = [];
  const checkedApp = new sdk.AppClient({ ...appOptions, fetch: stubFetch(friendsAnswer, asked) });
  const checkedHub = new sdk.NativeClient({ ...hubOptions, fetch: stubFetch(filesAnswer, asked) });
  const friends = (await checkedApp.friend.getFriends()).items.length;
  const files = (await checkedHub.files.list({ records: 100 })).items.length;
  const kyCounts = [
    ((await kyFriends.get(appUrl).json()) as { output: unknown[] }).output.length,
    ((await kyFiles.get(hubUrl).json()) as { results: unknown[] }).results.length,
  ];
  if (friends !== 10 || files !== 100 || kyCounts[0] !== 10 || kyCounts[1] !== 100)
    throw new Error(`unexpected answers: ${friends}/${kyCounts[0]} friends, ${files}/${kyCounts[1]} files`);
  if (!sameCall(asked[0] ?? '', appUrl) || !sameCall(asked[1] ?? '', hubUrl))
    throw new Error(`the SDK asked for ${asked.join(', ')}, not ${appUrl}, ${hubUrl}`);

  const { calls, rounds } = options;
  const measure = async (
    label: string,
    key: keyof typeof TARGETS,
    variants: Record<Variant, () => PromiseLike<unknown>>,
  ): Promise<Measured> => {
    const timings = await interleave(
      {
        raw: batch(calls, variants.raw),
        ky: batch(calls, variants.ky),
        off: batch(calls, variants.off),
        strict: batch(calls, variants.strict),
      },
      { rounds, warmup: 3 },
    );
    const perCall = (t: Timing[]) => {
      const m = medianTiming(t);
      return { wallMs: m.wallMs / calls, cpuMs: m.cpuMs / calls };
    };
    return {
      label,
      key,
      raw: perCall(timings.raw),
      ky: perCall(timings.ky),
      off: perCall(timings.off),
      strict: perCall(timings.strict),
    };
  };
  const results = [
    await measure('`app.friend.getFriends()`, 10 friends', 'friends', {
      raw: () => rawJson(friendsFetch, appUrl),
      ky: () => kyFriends.get(appUrl).json(),
      off: () => appOff.friend.getFriends(),
      strict: () => app.friend.getFriends(),
    }),
    await measure('`hub.files.list({ records: 100 })`, 100 records', 'files', {
      raw: () => rawJson(filesFetch, hubUrl, { headers: authorization }),
      ky: () => kyFiles.get(hubUrl).json(),
      off: () => hubOff.files.list({ records: 100 }),
      strict: () => hub.files.list({ records: 100 }),
    }),
  ];

  const table: Table = {
    title:
      '1b. Per-call cost, client only: the server answers precomputed bodies (no socket, no server time)',
    note:
      `Median of ${rounds} rounds of ${calls} sequential calls each, all variants interleaved. Every ` +
      "variant's `fetch` is a stub in this process answering the exact bytes and headers the fake " +
      'site answered for the call (fetched once before timing). Raw = the stub + `JSON.parse`; ' +
      'bare ky = `ky.get(url).json()`. Wall time per call (CPU per call in the last column).',
    headers: [
      'call',
      'raw',
      'bare ky',
      'SDK off',
      'SDK strict',
      'strict / ky',
      'off / ky',
      'strict − off',
      'CPU raw / ky / off / strict',
    ],
    rows: results.map((r) => [
      r.label,
      micros(r.raw.wallMs),
      micros(r.ky.wallMs),
      micros(r.off.wallMs),
      micros(r.strict.wallMs),
      ratio(r.strict.wallMs / r.ky.wallMs),
      ratio(r.off.wallMs / r.ky.wallMs),
      micros(r.strict.wallMs - r.off.wallMs),
      [r.raw, r.ky, r.off, r.strict].map((variant) => micros(variant.cpuMs)).join(' / '),
    ]),
  };
  const targets: Target[] = results.map((r) => {
    const value = r.strict.wallMs / r.ky.wallMs;
    const wanted = TARGETS[r.key];
    return {
      name: `per call, client cost only (server answers precomputed), ${r.label}: SDK strict / bare ky`,
      measured: ratio(value),
      wanted: `≤ ${ratio(wanted)}`,
      met: value <= wanted,
    };
  });
  return { tables: [table], targets };
}
