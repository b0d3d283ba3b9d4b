/**
 * `npx tsx bench/relay-fields.ts`: what a page's form of many list fields costs the relay (issue 38:
 * 16,000 `contact_allow[]` once held it 5.6–8.6 s, 4× the fields 25–31× the time). An in-process
 * relay over an upstream that answers at once; each size is timed from the page's request to the
 * relay's answer, refused (PHP's default `max_input_vars`) and handled (a limit raised past it).
 */
import { createRelay, DEFAULT_HUB_ALLOW, type RelayOptions } from '../src/relay.js';

const SIZES = [1_000, 4_000, 16_000, 64_000];
const ROUNDS = 5;

function relayWith(extra: Partial<RelayOptions>) {
  return createRelay({
    authorize: () => true,
    hub: {
      baseUrl: 'https://hub.example/',
      username: 'alice',
      password: 'pa55-word',
      channel: 'alice2',
      allow: { ...DEFAULT_HUB_ALLOW, 'item/update': ['POST'] },
    },
    fetch: async () => Response.json({ success: true, item: { id: 1 } }),
    ...extra,
  });
}

/** The page's form: a text and `count` list entries, urlencoded or multipart (with a small file, as a media post). */
async function form(
  count: number,
  multipart: boolean,
): Promise<{ body: BodyInit; headers: Record<string, string> }> {
  if (!multipart) {
    const entries = Array.from({ length: count }, (_, index) => `contact_allow%5B%5D=${1000 + index}`);
    const body = ['body=hello', ...entries].join('&');
    return { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
  }
  const data = new FormData();
  data.append('body', 'hello');
  for (let index = 0; index < count; index++) data.append('contact_allow[]', String(1000 + index));
  data.append('media', new Blob([new Uint8Array(64)], { type: 'image/png' }), 'a.png');
  // As bytes, as they arrive from a socket: the encoding is the page's work, not the relay's.
  const encoded = new Response(data);
  const type = encoded.headers.get('content-type') as string;
  return { body: await encoded.arrayBuffer(), headers: { 'Content-Type': type } };
}

async function timed(
  relay: ReturnType<typeof createRelay>,
  count: number,
  multipart: boolean,
): Promise<[number, number]> {
  const { body, headers } = await form(count, multipart);
  // The page's request is built outside the timing: only the relay's work is measured.
  const request = new Request('https://app.example/api/z/1.0/item/update', { method: 'POST', headers, body });
  const started = performance.now();
  const answer = await relay(request);
  await answer.arrayBuffer();
  return [performance.now() - started, answer.status];
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const cases: [string, Partial<RelayOptions>][] = [
  ['PHP defaults', {}],
  ['maxInputVars raised', { serverLimits: { maxInputVars: 1_000_000 } }],
];
for (const multipart of [false, true]) {
  for (const [label, extra] of cases) {
    const relay = relayWith(extra);
    for (const size of SIZES) {
      const times: number[] = [];
      let status = 0;
      for (let round = 0; round < ROUNDS; round++)
        [times[round], status] = await timed(relay, size, multipart);
      const encoding = multipart ? 'multipart' : 'urlencoded';
      console.log(
        `${encoding.padEnd(10)} ${label.padEnd(20)} ${String(size).padStart(6)} fields → ${status}, median ${median(times).toFixed(1)} ms`,
      );
    }
  }
}
