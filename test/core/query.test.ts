import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldEntries, queryString } from '../../src/core/request/query.js';

describe('queryString', () => {
  it('serializes as URLSearchParams does, whatever the names and values', () => {
    const value = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.stringMatching(/^[\w*.-]*$/),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), value), (fields) => {
        expect(queryString(fields)).toBe(new URLSearchParams(fieldEntries(fields)).toString());
      }),
      { numRuns: 500 },
    );
  });

  it('joins plain pairs as they are and escapes the rest', () => {
    expect(
      queryString({ token: 'a.b-c_d*9', method: 'friend.getFriends', q: "a b!'()~é", 'x[]': undefined }),
    ).toBe('token=a.b-c_d*9&method=friend.getFriends&q=a+b%21%27%28%29%7E%C3%A9');
    expect(queryString({ ids: [1, 2], flag: true, none: null })).toBe('ids%5B%5D=1&ids%5B%5D=2&flag=1');
    expect(queryString(undefined)).toBe('');
  });
});
