import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoadedPage } from '../../src/core/paging/page.js';
import { PagePromise } from '../../src/core/paging/page-promise.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './fuzz/settings.js';

/*
 * Property-based: a server whose pages follow any sequence (repeats, cycles of any length, a
 * clamped last page) cannot make a walk endless. The walk yields the pages up to the first one it
 * already had, each once, and asks for at most one page more.
 */

/** Page n is `sequence[n]`, then the sequence again from `loopTo` (a cycle), for ever. */
const server = fc
  .record({
    sequence: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 40 }),
    loopTo: fc.nat(),
  })
  .map(({ sequence, loopTo }) => ({ sequence, loopTo: loopTo % sequence.length }));

function pageAt(sequence: readonly number[], loopTo: number, n: number): number {
  if (n < sequence.length) return sequence[n]!;
  const cycle = sequence.length - loopTo;
  return sequence[loopTo + ((n - sequence.length) % cycle)]!;
}

describe('paging against servers whose pages repeat or cycle', () => {
  it(
    'every walk ends, at the first page it already had, each page once',
    async () => {
      await fc.assert(
        fc.asyncProperty(server, async ({ sequence, loopTo }) => {
          let requests = 0;
          const loader = async (cursor: unknown): Promise<LoadedPage<string, unknown>> => {
            requests++;
            if (requests > 1_000) throw new Error('the walk did not end');
            const name = `P${pageAt(sequence, loopTo, cursor as number)}`;
            return {
              response: () => ({}) as never,
              items: [`${name}a`, `${name}b`],
              total: 0,
              fingerprint: name,
              next: (cursor as number) + 1,
              pageSize: 2,
            };
          };
          const items = await new PagePromise<string>(loader, 0).toArray();
          const walked: string[] = [];
          for (let n = 0; ; n++) {
            const name = `P${pageAt(sequence, loopTo, n)}`;
            if (walked.includes(name)) break;
            walked.push(name);
          }
          expect(items).toEqual(walked.flatMap((name) => [`${name}a`, `${name}b`]));
          expect(requests).toBe(walked.length + 1);
        }),
        fuzzOptions(),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
