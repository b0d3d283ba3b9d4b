import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { NativeClient, SdkError } from '../../src/index.js';
import { createFakeSite } from '../../src/testing/index.js';
import {
  answerText,
  type ChunkAnswer,
  chunkAnswer,
  encodeContent,
  HONEST,
  isHonest,
  servedBytes,
} from './fuzz/chunk-answers.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './fuzz/settings.js';
import { trackUnhandledRejections } from './support/unhandled.js';

/*
 * Property-based: the chunked download against a hub whose `filedata` answers depart from the
 * truth in every way chunk-answers.ts knows. The result is the requested range, byte-exact, or an
 * SdkError; and when every departure is an honest one, it is always the byte-exact range.
 */

const unhandled = trackUnhandledRejections();
/** The record the fake hub sends with a chunk, as the template of every answer. */
let record: Record<string, unknown>;
beforeAll(async () => {
  const site = createFakeSite();
  const { username, password } = site.credentials.channel;
  const answer = await site.handler(
    new Request(`${site.url}api/z/1.0/filedata?file_id=${site.files.notes.file_id}&start=0&length=1`, {
      headers: { Authorization: `Basic ${btoa(`${username}:${password}`)}` },
    }),
  );
  record = ((await answer.json()) as { attach: Record<string, unknown> }).attach;
});

/** A `fetch` playing a hub that holds `data` and answers call N with `answers[N]` (then honestly). */
function lyingHub(data: Uint8Array, answers: readonly ChunkAnswer[]) {
  const used: ChunkAnswer[] = [];
  /** The end of the furthest bytes served. */
  let reach = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    const start = Number(url.searchParams.get('start') ?? 0);
    const length = Number(url.searchParams.get('length') ?? 0);
    const answer = answers[used.length] ?? HONEST;
    used.push(answer);
    if (answer.status !== 200) return new Response('<h1>error</h1>', { status: answer.status });
    const bytes = servedBytes(data, start, length, answer);
    if (bytes.length > 0) reach = Math.max(reach, start + answer.startShift + bytes.length);
    const number = (value: number) => (answer.numbers === 'strings' ? String(value) : value);
    const attach = {
      ...record,
      filesize: number(data.length + answer.filesizeShift),
      start: number(start + answer.startShift),
      length: number(bytes.length + answer.lengthLie),
      content: encodeContent(bytes, answer.content),
    };
    return new Response(answerText(attach, answer.duplicate), {
      headers: { 'Content-Type': 'text/html; charset=UTF-8' },
    });
  };
  return { fetch, used, reach: () => reach };
}

const scenario = fc
  .record({
    data: fc.uint8Array({ maxLength: 3_000 }),
    chunkSize: fc.integer({ min: 1, max: 800 }),
    concurrency: fc.integer({ min: 1, max: 4 }),
    from: fc.option(fc.nat(3_200), { nil: undefined }),
    to: fc.option(fc.nat(3_200), { nil: undefined }),
    answers: fc.array(chunkAnswer, { maxLength: 12 }),
  })
  .map(({ from, to, ...rest }) => ({
    ...rest,
    start: from,
    end: from !== undefined && to !== undefined && to < from ? undefined : to,
  }));

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

describe('the chunked download against lying hubs', () => {
  it(
    'gives the byte-exact range or an SdkError; honest departures always give the range',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ data, chunkSize, concurrency, start, end, answers }) => {
          const { fetch, used, reach } = lyingHub(data, answers);
          const hub = new NativeClient({
            baseUrl: 'https://hub.example/',
            username: 'alice',
            password: 'pw',
            fetch,
            retry: 0,
          });
          const result = await hub.files
            .downloadBlob(String(record.hash).slice(0, 12), {
              chunkSize,
              concurrency,
              ...(start === undefined ? {} : { start }),
              ...(end === undefined ? {} : { end }),
            })
            .then(
              async (blob) => ({ ok: true as const, bytes: new Uint8Array(await blob.arrayBuffer()) }),
              (error: unknown) => ({ ok: false as const, error }),
            );
          // A size every answer tells alike, with no byte served past it, is the file as far as any
          // client can know: a consistent lie.
          const shift = used[0]?.filesizeShift ?? 0;
          const consistent =
            used.every((answer) => answer.filesizeShift === shift) && reach() <= data.length + shift;
          const told = consistent ? data.length + shift : data.length;
          const expected = data.slice(0, told).slice(start ?? 0, end);
          if (result.ok) expect(result.bytes).toEqual(expected);
          else if (!(result.error instanceof SdkError)) throw result.error;
          // Honest answers only: the download must have succeeded.
          if (used.every(isHonest)) expect(result.ok, result.ok ? '' : String(result.error)).toBe(true);
          // Every request delivers at least one byte or ends the download: no request storm.
          expect(used.length).toBeLessThanOrEqual(answers.length + Math.ceil(data.length / chunkSize) + 2);
        }),
        {
          ...fuzzOptions(2),
          // Always tried, whatever the seed: a key twice in the only chunk's answer.
          examples: (['content', 'attach', 'nested'] as const).map((duplicate): [Scenario] => [
            {
              data: Uint8Array.from([1, 2, 3, 4, 5]),
              chunkSize: 8,
              concurrency: 1,
              answers: [{ ...HONEST, duplicate }],
              start: undefined,
              end: undefined,
            },
          ]),
        },
      );
      await unhandled.expectNone();
    },
    FUZZ_TIMEOUT_MS,
  );
});
