import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SdkError } from '../../src/index.js';
import { compose, ESCAPES, LAYOUTS, leakMarkers } from '../support/secret-encoders.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './fuzz/settings.js';
import { echoBodies, hubAnswer, recordingOptions, SECRET_KINDS } from './support/secret-kinds.js';

/*
 * The property behind secrets-encoded.test.ts, for `npm run fuzz`: any kind of client, any secret
 * it holds, spelled through a layout and up to three escapes composed in any order, quoted at any
 * offset in any of the bodies, never shows in an error, a hook event or a log line.
 */

const spelled = fc.record({
  kind: fc.constantFrom(...SECRET_KINDS),
  echoed: fc.nat(1),
  layout: fc.constantFrom(...Object.keys(LAYOUTS)),
  escapes: fc.array(fc.constantFrom(...Object.keys(ESCAPES)), { minLength: 0, maxLength: 3 }),
  before: fc.nat(300),
  body: fc.nat(2),
});

describe('a secret echoed through composed encoders', () => {
  it(
    'never shows, for any kind of client and any sink',
    async () => {
      await fc.assert(
        fc.asyncProperty(spelled, async ({ kind, echoed, layout, escapes, before, body }) => {
          const secret = kind.echoed[echoed % kind.echoed.length]!;
          const encoder = compose(layout, escapes);
          const spelling = encoder(secret);
          const echo = echoBodies(`${'x'.repeat(before)}${spelling}`)[body]!;
          const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
            const request = new Request(input, init);
            await request.arrayBuffer();
            const answer = hubAnswer(kind, new URL(request.url).pathname, echo);
            return new Response(answer.body, {
              status: answer.status,
              headers: { 'Content-Type': answer.type },
            });
          };
          const recording = recordingOptions();
          const failure = await kind.run('https://hub.example/', { ...recording.options, fetch }).then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(SdkError);
          const shown = recording.shown(failure);
          const leaked = [...kind.never, ...leakMarkers(encoder, secret)].filter((marker) =>
            shown.includes(marker),
          );
          expect(leaked, `${kind.name}: ${layout} then ${escapes.join(', ')}`).toEqual([]);
        }),
        fuzzOptions(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
