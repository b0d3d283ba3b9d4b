import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/core/secrets/redact.js';
import { encodedVariants } from '../../src/core/secrets/secret-search.js';

const SECRET = 'Tok3n-of+alice/ü';
const ASCII = 'tok3nOfTheUser0123';

describe('a held secret spelt as its bytes (issue 39)', () => {
  it('is found as hex of its UTF-8 (bin2hex), lower and upper case', () => {
    const redactor = new Redactor([SECRET]);
    const hex = Buffer.from(SECRET).toString('hex');
    expect(redactor.text(`a ${hex} b`)).toBe('a [REDACTED] b');
    expect(redactor.text(`a ${hex.toUpperCase()} b`)).toBe('a [REDACTED] b');
    expect(redactor.text(`{"h":"${hex}"}`)).toBe('{"h":"[REDACTED]"}');
  });

  it('is found as UTF-16 LE or BE read as UTF-8 (NUL between characters), raw or \\u0000-escaped', () => {
    const redactor = new Redactor([ASCII]);
    const le = Buffer.from(ASCII, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const text of [le.toString(), be.toString(), JSON.stringify(le.toString())]) {
      const out = redactor.text(`x ${text} y`);
      expect(out).toContain('[REDACTED]');
      expect(out.replaceAll('\u0000', '').replaceAll('\\u0000', '')).not.toContain('tok3n');
    }
  });

  it('lists hex, HEX and the UTF-16 inside for an ASCII secret; no UTF-16 spelling for another', () => {
    expect(encodedVariants('abcd')).toEqual(['61626364', '61626364'.toUpperCase(), 'a\u0000b\u0000c\u0000d']);
    expect(encodedVariants('ab+ cd')).toContain('a\u0000b\u0000\u0000\u0000c\u0000d');
    expect(encodedVariants('abcü')).toEqual(['616263c3bc', '616263C3BC']);
    expect(encodedVariants('ab')).toEqual(['6162', '6162']);
  });

  it('does not redact ordinary hex or text that only looks alike', () => {
    const redactor = new Redactor([ASCII]);
    const other = Buffer.from('another-value-entirely').toString('hex');
    expect(redactor.text(other)).toBe(other);
    expect(redactor.text('t o k 3 n')).toBe('t o k 3 n');
  });
});
