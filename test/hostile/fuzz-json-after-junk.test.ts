import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/core/body/body.js';
import { Redactor } from '../../src/core/secrets/redact.js';
import { FUZZ_TIMEOUT_MS, fuzzOptions } from './fuzz/settings.js';

/*
 * Property-based, differential: the one-pass search for the JSON after junk (core/body/body.ts) accepts
 * exactly what trying every candidate start did (the search before it, which cost a JSON.parse of
 * the rest of the body per candidate), on texts made of the pieces that confuse such searches.
 */

const redactor = new Redactor([]);

/** The former search, without its cap of 64 candidates: each `{`/`[` opening a line or after `>`. */
function everyCandidate(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    const starts = /(?:^|[\n>])\s*([[{])/g;
    starts.lastIndex = trimmed.startsWith('{') || trimmed.startsWith('[') ? 1 : 0;
    for (let match = starts.exec(trimmed); match !== null; match = starts.exec(trimmed)) {
      const at = match.index + match[0].length - 1;
      try {
        return { ok: true, value: JSON.parse(trimmed.slice(at)) };
      } catch {
        starts.lastIndex = at + 1;
      }
    }
    return { ok: false };
  }
}

function oneSearch(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJsonBody(text, redactor) };
  } catch {
    return { ok: false };
  }
}

const piece = fc.constantFrom(
  '\n',
  '>',
  ' ',
  '\t',
  '{',
  '}',
  '[',
  ']',
  '"',
  '\\',
  '\\"',
  ',',
  ':',
  '1',
  'a',
  '<b>',
  '"x"',
  '"]"',
  '"\\\\"',
  '{"a":1}',
  '[1,2]',
  '{"s":"}{"}',
  '[[]]',
);
const text = fc.oneof(
  fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join('')),
  fc
    .tuple(fc.array(piece, { maxLength: 12 }), fc.json({ maxDepth: 3 }))
    .map(([junk, json]) => `${junk.join('')}\n${json}`),
);

describe('the JSON after junk', () => {
  it(
    'is found exactly where trying every candidate start found it',
    () => {
      fc.assert(
        fc.property(text, (body) => {
          // Empty bodies are EMPTY_BODY, not a parse: outside this comparison.
          fc.pre(body.trim() !== '');
          expect(oneSearch(body)).toEqual(everyCandidate(body));
        }),
        fuzzOptions(20),
      );
    },
    FUZZ_TIMEOUT_MS,
  );
});
