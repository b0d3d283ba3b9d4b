import { describe, expect, it } from 'vitest';
import { TokenAnswerSchema } from '../../src/native/auth/token-endpoint.js';
import { ItemFullAnswerSchema } from '../../src/native/envelopes.js';
import { ApiInfoSchema, ExportItemSchema, ItemUpdateResultSchema } from '../../src/schemas/index.js';

/*
 * Fields of two kinds (or one value) are one transform that checks the type itself, not a zod union
 * or literal (which cost every bundle their schema kinds): they accept and refuse what the unions did.
 */
describe('fields of two kinds, checked by one transform', () => {
  it('an export item attach: a string or a list, nothing else', () => {
    const attach = ExportItemSchema.shape.attach;
    expect(attach.parse('')).toBe('');
    expect(attach.parse([{ href: 'x' }])).toEqual([{ href: 'x' }]);
    for (const wrong of [0, null, undefined, { href: 'x' }]) {
      expect(attach.safeParse(wrong).success).toBe(false);
    }
  });

  it('item/update success: true only', () => {
    const success = ItemUpdateResultSchema.shape.success;
    expect(success.parse(true)).toBe(true);
    for (const wrong of [false, 1, 'true', undefined]) expect(success.safeParse(wrong).success).toBe(false);
  });

  it('item/full: [] is no items, a non-empty list or anything else is refused', () => {
    expect(ItemFullAnswerSchema.parse([])).toEqual({ item: [] });
    expect(ItemFullAnswerSchema.parse({ item: [] })).toEqual({ item: [] });
    for (const wrong of [[1], {}, null, 'x'])
      expect(ItemFullAnswerSchema.safeParse(wrong).success).toBe(false);
  });

  it('the App api member current_page: a number, a string, null or absent', () => {
    expect(ApiInfoSchema.parse({ total: 0, current_page: 3 }).current_page).toBe(3);
    expect(ApiInfoSchema.safeParse({ total: 0, current_page: false }).success).toBe(false);
  });

  it('a token answer expires_in: a number, null or absent', () => {
    const token = { access_token: 'abc' };
    expect(TokenAnswerSchema.parse({ ...token, expires_in: 3600 }).expires_in).toBe(3600);
    expect(TokenAnswerSchema.parse({ ...token, expires_in: null }).expires_in).toBeNull();
    expect(TokenAnswerSchema.parse(token).expires_in).toBeUndefined();
    expect(TokenAnswerSchema.safeParse({ ...token, expires_in: '3600' }).success).toBe(false);
  });
});
