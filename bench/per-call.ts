/**
 * Cases 1 and 4: what one call costs through the SDK against a hand-written `fetch` + `JSON.parse`
 * of the same URL, and what validation adds (`'strict'` against `'off'`, same calls).
 */
import ky from 'ky';
import { sdk } from './dist.js';
import type { FakeSiteInfo } from './fake-data.js';
import { type CaseResult, micros, ratio, type Table, type Target } from './report.js';
import { interleave, medianTiming, type Timing } from './stats.js';

export interface PerCallOptions {
  /** Calls per timed batch. */
  calls: number;
  rounds: number;
}

/**
 * The SDK in strict mode against bare ky doing the same fetch + parse (ky and zod are the runtime
 * dependencies by design, so the targets measure what the SDK adds on top of them): 1.25× for a
 * small list, 1.5× for 100 records (the SDK also turns dates and flags into Date and booleans).
 */
const TARGETS: Record<string, number> = { friends: 1.25, files: 1.5 };

/** A raw call: what a user without the SDK would write. */
async function rawJson(url: string, headers?: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, headers ? { headers } : {});
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${url}`);
  return JSON.parse(await response.text());
}

/**
 * The same through ky alone, with retries as the SDK asks for them: the floor of what the SDK's
 * transport (built on ky) can reach, shown to tell ky's share of the cost from the SDK's own.
 */
const kyWithRetries = ky.create({ retry: { limit: 2 } });
async function kyJson(url: string, headers?: Record<string, string>): Promise<unknown> {
  return JSON.parse(await kyWithRetries(url, headers ? { headers } : {}).text());
}

function batch(calls: number, call: () => PromiseLike<unknown>) {
  return async () => {
    for (let index = 0; index < calls; index++) await call();
  };
}

type Variant = 'raw' | 'ky' | 'strict' | 'off';
type Measured = { label: string } & Record<Variant, Timing>;

export async function perCall(site: FakeSiteInfo, options: PerCallOptions): Promise<CaseResult> {
  const { url, username, password } = site;
  const app = await sdk.AppClient.fromKey(site.appKey, { baseUrl: url });
  const appOff = new sdk.AppClient({ baseUrl: url, token: app.token, validation: 'off' });
  const hub = new sdk.NativeClient({ baseUrl: url, username, password });
  const hubOff = new sdk.NativeClient({ baseUrl: url, username, password, validation: 'off' });
  const appUrl = `${url}api.php?token=${encodeURIComponent(app.token)}&method=friend.getFriends`;
  const hubUrl = `${url}api/z/1.0/files?start=0&records=100`;
  const authorization = `Basic ${btoa(`${username}:${password}`)}`;

  // The same answers both ways, or the comparison means nothing.
  const rawFriends = ((await rawJson(appUrl)) as { output: unknown[] }).output.length;
  const rawFiles = ((await rawJson(hubUrl, { Authorization: authorization })) as { results: unknown[] })
    .results.length;
  const friends = (await app.friend.getFriends()).items.length;
  const files = (await hub.files.list({ records: 100 })).items.length;
  if (rawFriends !== 10 || friends !== 10 || rawFiles !== 100 || files !== 100)
    throw new Error(`unexpected answers: ${rawFriends}/${friends} friends, ${rawFiles}/${files} files`);

  const { calls, rounds } = options;
  const measure = async (label: string, variants: Record<Variant, () => PromiseLike<unknown>>) => {
    const timings = await interleave(
      {
        raw: batch(calls, variants.raw),
        ky: batch(calls, variants.ky),
        strict: batch(calls, variants.strict),
        off: batch(calls, variants.off),
      },
      { rounds, warmup: 2 },
    );
    const perCall = (t: Timing[]) => {
      const m = medianTiming(t);
      return { wallMs: m.wallMs / calls, cpuMs: m.cpuMs / calls };
    };
    return {
      label,
      raw: perCall(timings.raw),
      ky: perCall(timings.ky),
      strict: perCall(timings.strict),
      off: perCall(timings.off),
    };
  };
  const results: Measured[] = [
    await measure('`app.friend.getFriends()`, 10 friends', {
      raw: () => rawJson(appUrl),
      ky: () => kyJson(appUrl),
      strict: () => app.friend.getFriends(),
      off: () => appOff.friend.getFriends(),
    }),
    await measure('`hub.files.list({ records: 100 })`, 100 records', {
      raw: () => rawJson(hubUrl, { Authorization: authorization }),
      ky: () => kyJson(hubUrl, { Authorization: authorization }),
      strict: () => hub.files.list({ records: 100 }),
      off: () => hubOff.files.list({ records: 100 }),
    }),
  ];

  const note =
    `Median of ${rounds} rounds of ${calls} sequential calls each, all variants interleaved; the fake ` +
    'site runs in another process. CPU = this process only (the client), per call.';
  const costTable: Table = {
    title:
      '1. Per-call cost: raw fetch + JSON.parse, bare ky, the SDK with validation off and strict (the default)',
    note,
    headers: [
      'call',
      'raw',
      'bare ky',
      'SDK off',
      'SDK strict',
      'strict / ky',
      'strict / raw',
      'ky / raw',
      'CPU raw / ky / off / strict',
    ],
    rows: results.map((r) => [
      r.label,
      micros(r.raw.wallMs),
      micros(r.ky.wallMs),
      micros(r.off.wallMs),
      micros(r.strict.wallMs),
      ratio(r.strict.wallMs / r.ky.wallMs),
      ratio(r.strict.wallMs / r.raw.wallMs),
      ratio(r.ky.wallMs / r.raw.wallMs),
      [r.raw, r.ky, r.off, r.strict].map((variant) => micros(variant.cpuMs)).join(' / '),
    ]),
  };
  const validationTable: Table = {
    title: "4. The cost of validation: `validation: 'strict'` against `'off'`, same calls",
    note,
    headers: ['call', 'off', 'strict', 'strict / off', 'off / raw', 'off CPU', 'strict CPU'],
    rows: results.map((r) => [
      r.label,
      micros(r.off.wallMs),
      micros(r.strict.wallMs),
      ratio(r.strict.wallMs / r.off.wallMs),
      ratio(r.off.wallMs / r.raw.wallMs),
      micros(r.off.cpuMs),
      micros(r.strict.cpuMs),
    ]),
  };
  const targets: Target[] = results.map((r) => {
    const value = r.strict.wallMs / r.ky.wallMs;
    const wanted = r.label.includes('files') ? TARGETS.files! : TARGETS.friends!;
    return {
      name: `per call, end to end (fake site in another process), ${r.label}: SDK strict / bare ky`,
      measured: ratio(value),
      wanted: `≤ ${ratio(wanted)}`,
      met: value <= wanted,
    };
  });
  return { tables: [costTable, validationTable], targets };
}
