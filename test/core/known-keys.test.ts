import { describe, expect, it } from 'vitest';
import { ArgumentError } from '../../src/core/errors/index.js';
import { closest, editDistance, refuseUnknownKeys } from '../../src/core/options/known-keys.js';

describe('closest', () => {
  const client = ['baseUrl', 'fetch', 'timeout', 'retry', 'validation', 'headers', 'hooks', 'password'];

  it.each([
    ['timout', 'timeout'],
    ['timeuot', 'timeout'],
    ['retires', 'retry'],
    ['retries', 'retry'],
    ['baseURL', 'baseUrl'],
    ['base_url', 'baseUrl'],
    ['pasword', 'password'],
    ['header', 'headers'],
  ])('%s → %s', (word, expected) => {
    expect(closest(word, client)).toBe(expected);
  });

  it('suggests nothing for a key unlike any', () => {
    expect(closest('colour', client)).toBeUndefined();
    expect(closest('x', client)).toBeUndefined();
  });

  it('ignores case, _ and - first: fileId is file_id', () => {
    expect(closest('fileId', ['filename', 'file_id'])).toBe('file_id');
  });

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('retires', 'retries')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('refuseUnknownKeys', () => {
  it('names the key, the context and the closest known key', () => {
    expect(() => refuseUnknownKeys({ timout: 5 }, ['timeout'], 'an option of NativeClient')).toThrow(
      new ArgumentError('"timout" is not an option of NativeClient; did you mean "timeout"?'),
    );
  });

  it('lists the known keys when none is close', () => {
    expect(() => refuseUnknownKeys({ colour: 1 }, ['a', 'b'], 'a parameter of x')).toThrow(
      '"colour" is not a parameter of x; known: a, b',
    );
  });

  it('refuses an unknown key whatever its value, undefined included', () => {
    expect(() => refuseUnknownKeys({ timout: undefined }, ['timeout'], 'an option')).toThrow(ArgumentError);
    expect(() => refuseUnknownKeys({ timeout: undefined }, ['timeout'], 'an option')).not.toThrow();
  });
});
