import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHP_DEFAULT_LIMITS, type ServerLimits } from '../../src/core/request/php-limits.js';
import { AppClient, ArgumentError, NativeClient } from '../../src/index.js';
import { createFakeSite } from '../../src/testing/index.js';
import { appToken } from '../testing/helpers.js';
import { type Meant, meantBy, readByPhp } from './fuzz/php-read.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './fuzz/settings.js';

/*
 * Property-based (issue 38): any request either client builds, for any arguments (lists around the
 * site's max_input_vars, files around its upload_max_filesize and post_max_size, odd file names, a
 * pinned channel or none), is either refused before fetch (ArgumentError, nothing sent) or read by
 * PHP (the fake's model, checked against a real PHP 8.2) into exactly the fields it carried: none
 * lost, none renamed, every file whole under the name the caller gave. The clients' requests are
 * answered by a fake site with PHP's defaults, so that they run to the end.
 */

const limits = fc.record({
  maxInputVars: fc.integer({ min: 4, max: 40 }),
  maxNesting: fc.integer({ min: 1, max: 3 }),
  postMaxSize: fc.integer({ min: 500, max: 20_000 }),
  uploadMaxFilesize: fc.integer({ min: 16, max: 600 }),
  maxFileUploads: fc.integer({ min: 1, max: 3 }),
});

/**
 * File names, odd ones too. A `"` goes out as `%22` (as browsers send it) and PHP reads `%22`
 * literally (recorded in test/fixtures/php-limits), so `a"b.png` would arrive as `a%22b.png`:
 * renamed, so the clients refuse it.
 */
const fileName = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('a.png', 'é.png', "it's.png", 'semi;colon.png', '%22.png', ' spaced .png'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'shell.php\0.png',
      'dir/a.png',
      'a\\b.png',
      'tab\there.png',
      'line\nbreak.png',
      'a"b.png',
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary', maxLength: 10 })
      .filter((name) => !name.includes('"'))
      .map((name) => `${name}.png`),
  },
);
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file around the upload limit: `delta` bytes over (or under) it. */
const upload = fc.record({ name: fileName, delta: fc.integer({ min: -3, max: 2 }) });
const pngOf = (name: string, size: number) => {
  const bytes = new Uint8Array(Math.max(size, PNG_MAGIC.length));
  bytes.set(PNG_MAGIC);
  return new File([bytes], name, { type: 'image/png' });
};
const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 });
const hashes = (count: number) => Array.from({ length: Math.max(0, count) }, (_, at) => `hash-${at}`);

const nativeCall = fc.record({
  pinned: fc.boolean(),
  body: text,
  denied: fc.integer({ min: -12, max: 2 }),
  allowed: fc.option(fc.integer({ min: 0, max: 4 })),
  media: fc.option(upload),
});
const appCall = fc.oneof(
  fc.record({
    kind: fc.constant('call' as const),
    names: fc.uniqueArray(
      fc.oneof(
        fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/),
        fc.constantFrom('a.b', ' lead', 'nul\0x', 'open[x', 'x[k]', 'x[]', 'token', 'method', '[k]', ''),
        fc.string({ unit: 'binary', maxLength: 6 }),
      ),
      { maxLength: 4 },
    ),
    list: fc.integer({ min: -14, max: 1 }),
    value: text,
  }),
  fc.record({ kind: fc.constant('photo' as const), photo: upload, photoName: fc.oneof(fileName, text) }),
);

const site = createFakeSite();
/** How the calls of the running property ended: both must happen, or the property proved nothing. */
const outcomes = { sent: 0, refused: 0 };

function expectBothOutcomes(): void {
  // A handful of runs (FUZZ_RUNS=3) may well see one kind only.
  if (fuzzOptions().numRuns >= 20) {
    expect(outcomes.sent, 'calls sent and read whole').toBeGreaterThan(0);
    expect(outcomes.refused, 'calls refused').toBeGreaterThan(0);
  }
  outcomes.sent = 0;
  outcomes.refused = 0;
}

/** One request sent: what it carried, and what PHP read of it. */
interface Sent {
  request: string;
  meant: Meant;
  read: Meant;
}

/**
 * A fetch that reads every request both ways before the fake site answers it. (The comparison
 * waits for the call's end: an assertion thrown inside fetch would come back as the client's
 * ConnectionError.)
 */
function readingFetch(limitsInForce: Required<ServerLimits>, fileNames: Map<string, string>, sent: Sent[]) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const [meant, read] = await Promise.all([
      meantBy(request.clone(), fileNames),
      readByPhp(request.clone(), limitsInForce),
    ]);
    sent.push({ request: `${request.method} ${request.url}`, meant, read });
    return site.handler(request);
  };
}

/** Runs one call: refused with nothing sent, or every request it sent read whole by PHP. */
async function refusedOrReadWhole(sent: Sent[], run: () => Promise<unknown>): Promise<void> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof ArgumentError) {
    expect(
      sent.map((each) => each.request),
      error.message,
    ).toEqual([]);
    outcomes.refused++;
    return;
  }
  // Any other outcome (an answer, the fake's API error) came after requests that must be read whole.
  expect(sent.length).toBeGreaterThan(0);
  for (const { request, meant, read } of sent) expect(read, request).toEqual(meant);
  outcomes.sent++;
}

describe('PHP reads what the clients send, or they refuse to send it', () => {
  it(
    'NativeClient items.update: lists, media and a pinned channel around the limits',
    async () => {
      await fc.assert(
        fc.asyncProperty(limits, nativeCall, async (given, call) => {
          const limitsInForce = { ...PHP_DEFAULT_LIMITS, ...given };
          const sent: Sent[] = [];
          const fileNames = new Map<string, string>();
          const media = call.media && pngOf(call.media.name, given.uploadMaxFilesize + call.media.delta);
          if (media) fileNames.set('media', media.name);
          const hub = new NativeClient({
            baseUrl: site.url,
            ...site.credentials.channel,
            ...(call.pinned ? { channel: 'alice2' } : {}),
            serverLimits: given,
            retry: { limit: 0 },
            fetch: readingFetch(limitsInForce, fileNames, sent),
          });
          await refusedOrReadWhole(sent, () =>
            hub.items.update({
              body: call.body,
              contact_deny: hashes(given.maxInputVars + call.denied),
              ...(call.allowed === null ? {} : { contact_allow: hashes(call.allowed) }),
              ...(media ? { media } : {}),
            }),
          );
        }),
        fuzzOptions(),
      );
      expectBothOutcomes();
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'AppClient: any method with lists around the limit, photo.addPhoto with any file',
    async () => {
      const token = await appToken(site);
      await fc.assert(
        fc.asyncProperty(limits, appCall, async (given, call) => {
          const limitsInForce = { ...PHP_DEFAULT_LIMITS, ...given };
          const sent: Sent[] = [];
          const fileNames = new Map<string, string>();
          const app = new AppClient({
            baseUrl: site.url,
            token,
            serverLimits: given,
            retry: { limit: 0 },
            fetch: readingFetch(limitsInForce, fileNames, sent),
          });
          if (call.kind === 'call') {
            const params: Record<string, string> = {};
            for (const name of call.names) params[name] = call.value;
            // Around the limit: the App API takes plain fields (no lists), so many of them.
            for (const [at, hash] of hashes(given.maxInputVars + call.list).entries())
              params[`p${at}`] = hash;
            await refusedOrReadWhole(sent, () => app.call('custom.method', params));
          } else {
            const photo = pngOf(call.photo.name, given.uploadMaxFilesize + call.photo.delta);
            // The SDK sends the photo under photo_name, the name phpFox checks.
            fileNames.set('photo', call.photoName);
            await refusedOrReadWhole(sent, () => app.photo.addPhoto({ photo, photo_name: call.photoName }));
          }
        }),
        fuzzOptions(),
      );
      expectBothOutcomes();
    },
    FUZZ_TIMEOUT_MS,
  );
});
