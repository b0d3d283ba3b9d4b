import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { flagSchema, intSchema, nativeDateSchema, nullableStringSchema } from '../../src/schemas/index.js';

describe('intSchema', () => {
  it.each([
    [7, 7],
    ['7', 7],
    ['-1', -1],
    [-1, -1],
    ['0', 0],
    ['1314110027', 1314110027],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as %j', (input, expected) => {
    expect(intSchema.parse(input)).toBe(expected);
  });

  it.each([
    '',
    'abc',
    ' 3 ',
    '3 ',
    '1.5',
    '1e3',
    '0x10',
    '+3',
    '9007199254740993',
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    true,
    undefined,
  ])('rejects %j', (input) => {
    expect(intSchema.safeParse(input).success).toBe(false);
  });

  it('says what it received, cut short', () => {
    const result = intSchema.safeParse('x'.repeat(100_000));
    expect(result.success).toBe(false);
    const message = result.error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Expected an integer/);
    expect(message.length).toBeLessThan(120);
  });
});

describe('flagSchema', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['1', true],
    ['0', false],
  ])('reads %j as %j', (input, expected) => {
    expect(flagSchema.parse(input)).toBe(expected);
  });

  it.each(['', 'true', 'yes', 2, -1, '2', null, undefined])('rejects %j', (input) => {
    expect(flagSchema.safeParse(input).success).toBe(false);
  });
});

describe('nativeDateSchema', () => {
  it('reads a Hubzilla date-time as that UTC instant', () => {
    const date = nativeDateSchema.parse('2026-11-22 02:52:54');
    expect(date).toBeInstanceOf(Date);
    expect(date?.toISOString()).toBe('2026-11-22T02:52:54.000Z');
  });

  it('keeps the calendar exact at the edges', () => {
    expect(nativeDateSchema.parse('2024-02-29 23:59:59')?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
    expect(nativeDateSchema.parse('1970-01-01 00:00:00')?.getTime()).toBe(0);
    // Years below 100 must not be shifted to the 1900s.
    expect(nativeDateSchema.parse('0050-06-01 12:00:00')?.getUTCFullYear()).toBe(50);
  });

  it('reads UTC whatever the local time zone', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(nativeDateSchema.parse('2026-07-01 12:00:00')?.toISOString()).toBe('2026-07-01T12:00:00.000Z');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it.each(['0000-00-00 00:00:00', '0001-01-01 00:00:00', '', null])(
    'reads the no-date value %j as null',
    (input) => {
      expect(nativeDateSchema.parse(input)).toBeNull();
    },
  );

  it.each([
    'yesterday',
    '2026-11-22',
    '2026-11-22T02:52:54Z',
    '2026-11-22 02:52:54 ',
    '2026-13-01 00:00:00',
    '2026-02-30 00:00:00',
    '2026-11-22 24:00:00',
    '2026-11-22 23:60:00',
    '2026/11/22 02:52:54',
    1764000000,
    undefined,
  ])('rejects %j', (input) => {
    expect(nativeDateSchema.safeParse(input).success).toBe(false);
  });
});

describe('nullableStringSchema', () => {
  it('accepts a string or null, nothing else', () => {
    expect(nullableStringSchema.parse('US')).toBe('US');
    expect(nullableStringSchema.parse(null)).toBeNull();
    expect(nullableStringSchema.safeParse(undefined).success).toBe(false);
    expect(nullableStringSchema.safeParse(1).success).toBe(false);
  });
});

describe('the normalizers inside records', () => {
  const Record = z.looseObject({
    id: intSchema,
    is_dir: flagSchema,
    created: nativeDateSchema,
    size: z.optional(intSchema),
  });

  it('say what arrived instead, at its path, for a value of the wrong type', () => {
    const result = Record.safeParse({ id: true, is_dir: 'yes', created: 5, size: null });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['id', 'Expected an integer or an integer string, received true'],
      ['is_dir', 'Expected a flag (true/false, 0/1, "0"/"1"), received "yes"'],
      ['created', 'Expected a date-time "YYYY-MM-DD HH:MM:SS", received 5'],
      ['size', 'Expected an integer or an integer string, received null'],
    ]);
  });

  it('refuse a missing required field and accept a missing optional one', () => {
    const result = Record.safeParse({ is_dir: 0, created: null });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['id']);
    expect(Record.parse({ id: '7', is_dir: '1', created: '2026-11-22 02:52:54', extra: 'kept' })).toEqual({
      id: 7,
      is_dir: true,
      created: new Date('2026-11-22T02:52:54Z'),
      extra: 'kept',
    });
  });
});
