import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ItemUpdateAnswer, NativeClient } from '../../src/index.js';
import { createFakeSite, type FailRule } from '../../src/testing/index.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './fuzz/settings.js';

/*
 * Property-based (issue 30): N posts and comments, each of whose `item/update` attempts may meet a
 * fault before or after the hub stored it, store exactly N items, and each call resolves with the
 * item that was stored. The faults are the fake site's own (`site.faults`), set per attempt.
 */

/** What can happen to one attempt of `item/update`. */
const FAULTS: Record<string, Omit<FailRule, 'path'>> = {
  'drop after storing': { resetAfterBytes: 0 },
  'drop in the answer': { resetAfterBytes: 30 },
  '503 before storing': { status: 503 },
  '502 after storing': { status: 502, afterHandling: true },
  '504 after storing': { status: 504, afterHandling: true },
  'stalled answer (timeout)': { stallMs: 5_000 },
};
const fault = fc.constantFrom(...Object.keys(FAULTS));
/** One post: a comment on an earlier one or a new post, and the faults its attempts meet, in order. */
const post = fc.record({ reply: fc.boolean(), faults: fc.array(fault, { maxLength: 3 }) });

const site = createFakeSite();
let run = 0;

describe('posts under random faults', () => {
  it(
    'N posts store exactly N items, each resolved to its stored item',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(post, { minLength: 1, maxLength: 5 }), async (posts) => {
          run++;
          let planned: string[] = [];
          const hub = new NativeClient({
            baseUrl: site.url,
            ...site.credentials.channel,
            // The timeout only ends stalled answers; a spurious one is one more harmless retry.
            timeout: 250,
            retry: { limit: 6, delay: () => 0 },
            fetch: async (input, init) => {
              if (String(input).includes('item/update')) {
                const next = planned.shift();
                site.faults = next ? { fail: [{ ...FAULTS[next], path: 'item/update' }] } : {};
              }
              const response = await site.handler(new Request(input, init));
              // A dropped connection: what fetch does with it over a socket.
              if (response.type === 'error') throw new TypeError('fetch failed');
              return response;
            },
          });
          const answers: ItemUpdateAnswer[] = [];
          for (const [index, { reply, faults }] of posts.entries()) {
            planned = [...faults];
            const body = `fuzz ${run} post ${index}`;
            const earlier = answers.at(-1);
            answers.push(
              reply && earlier
                ? await hub.items.reply(earlier.item, { body })
                : await hub.items.update({ body }),
            );
          }
          site.faults = {};
          // The poster's items (the hub also delivers a copy to each connection: issue 40).
          const stored = site.state.hub.items.filter(
            (item) => item.row.body.startsWith(`fuzz ${run} `) && item.row.item_origin === 1,
          );
          expect(stored).toHaveLength(posts.length);
          expect(answers.map((answer) => answer.item_id).sort()).toEqual(
            stored.map((item) => item.row.id).sort(),
          );
          for (const answer of answers) {
            const item = stored.find((entry) => entry.row.id === answer.item_id);
            expect(answer.item.mid).toBe(item?.row.mid);
            expect(answer.item.body).toBe(item?.row.body);
          }
        }),
        fuzzOptions(0.2),
      );
    },
    FUZZ_TIMEOUT_MS * 2,
  );
});
