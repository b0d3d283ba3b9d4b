import { describe, expect, it, vi } from 'vitest';
import { decodeBase64 } from '../../src/core/body/base64.js';
import { ValidationError } from '../../src/core/errors/validation-error.js';

const bytes = Uint8Array.from({ length: 256 }, (_, i) => (i * 37) & 0xff);
const valid = Buffer.from(bytes).toString('base64');
const CORRUPTIONS: [string, string][] = [
  ['a base64url "-"', `${valid.slice(0, 8)}-${valid.slice(9)}`],
  ['a base64url "_"', `${valid.slice(0, 8)}_${valid.slice(9)}`],
  ['a non-ASCII letter', `${valid.slice(0, 8)}Ł${valid.slice(9)}`],
  ['an inner "="', `${valid.slice(0, 8)}=${valid.slice(9)}`],
  ['white space', `${valid.slice(0, 8)} ${valid.slice(9)}`],
  ['a line break', `${valid.slice(0, 8)}\n${valid.slice(9)}`],
  ['a missing character', valid.slice(1)],
  ['junk', `${valid.slice(0, 8)}*${valid.slice(9)}`],
  ['three "="', 'QQ==='],
];

describe('decodeBase64 (strict: corrupted data must fail, not become wrong bytes)', () => {
  it.each([0, 1, 2, 3, 100, 256])('round-trips %i bytes, padding or not', (length) => {
    const slice = bytes.slice(0, length);
    expect(decodeBase64(Buffer.from(slice).toString('base64'))).toEqual(slice);
  });

  it.each(CORRUPTIONS)('rejects %s with ValidationError', (_, text) => {
    expect(() => decodeBase64(text)).toThrow(ValidationError);
  });
});

describe('decodeBase64 without Node’s Buffer (browsers: atob)', () => {
  it('round-trips and rejects the same corruptions', async () => {
    vi.stubGlobal('Buffer', undefined);
    vi.resetModules();
    try {
      const { decodeBase64: decode } = await import('../../src/core/body/base64.js');
      const errors = await import('../../src/core/errors/validation-error.js');
      for (const length of [0, 1, 2, 3, 100, 256]) {
        const slice = bytes.slice(0, length);
        expect(decode(btoa(String.fromCharCode(...slice)))).toEqual(slice);
      }
      for (const [, text] of CORRUPTIONS) expect(() => decode(text)).toThrow(errors.ValidationError);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
