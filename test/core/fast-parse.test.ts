import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fastParser, GAVE_UP } from '../../src/core/validation/fast-parse.js';
import {
  FileDataAnswerSchema,
  FilesAnswerSchema,
  ItemFullAnswerSchema,
  StreamItemListSchema,
} from '../../src/native/envelopes.js';
import {
  AbconfigSchema,
  AbookSchema,
  ApiInfoSchema,
  AttachSchema,
  FileExportSchema,
  FriendSchema,
  GroupMemberSchema,
  IsFriendSchema,
  ItemSchema,
  ItemUpdateResultSchema,
  NotificationSchema,
  PhotoDetailSchema,
  PhotoSchema,
  PrivacyGroupSchema,
  UploadedPhotoSchema,
  UserSchema,
  XchanSchema,
} from '../../src/schemas/index.js';
import { fuzzOptions } from '../hostile/fuzz/settings.js';
import { hubzillaJson, loadPhpfoxSample } from '../support/fixtures.js';

/*
 * The client validates with a compiled parse (`fast-parse.ts`) and asks zod only when that gives
 * up. So it must never accept what zod refuses, and what it accepts must be zod's output exactly:
 * the same values, Dates and key order (a record's keys are the schema's, then the extra ones).
 */

const outputOf = (envelope: unknown) => (envelope as { output: unknown }).output;
const cases: [string, z.ZodMiniType, () => unknown][] = [
  ['files', FilesAnswerSchema, () => hubzillaJson('22-files-no_params.txt')],
  ['filedata', FileDataAnswerSchema, () => hubzillaJson('51-filedata-start_middle.txt')],
  ['filedata folder', FileDataAnswerSchema, () => hubzillaJson('56-filedata-folder.txt')],
  ['file/export', FileExportSchema, () => hubzillaJson('32c-file_export-photo.txt')],
  ['photo', PhotoDetailSchema, () => hubzillaJson('62-photo-photo_id_default_scale.txt')],
  ['group', z.array(PrivacyGroupSchema), () => hubzillaJson('70-group-list.txt')],
  ['group_members', z.array(GroupMemberSchema), () => hubzillaJson('71b-group_members-group_id_friends.txt')],
  ['xchan', XchanSchema, () => hubzillaJson('76-xchan-address.txt')],
  ['item/update', ItemUpdateResultSchema, () => hubzillaJson('40-item_update-new_post.txt')],
  ['network/stream', StreamItemListSchema, () => hubzillaJson('18-network_stream-GET_default.txt')],
  ['item/full', ItemFullAnswerSchema, () => hubzillaJson('82-item_full-item_id.txt')],
  ['the deprecated item union', z.array(ItemSchema), () => hubzillaJson('18-network_stream-GET_default.txt')],
  ['abook', z.array(AbookSchema), () => hubzillaJson('85-abook-all.txt')],
  ['abconfig', z.array(AbconfigSchema), () => hubzillaJson('86-abconfig-all.txt')],
  ['friend.getFriends', z.array(FriendSchema), () => outputOf(loadPhpfoxSample('friend.getFriends'))],
  [
    'api of friend.getFriends',
    ApiInfoSchema,
    () => (loadPhpfoxSample('friend.getFriends') as { api: unknown }).api,
  ],
  ['user.getUser', UserSchema, () => outputOf(loadPhpfoxSample('user.getUser'))],
  ['friend.isFriend', IsFriendSchema, () => outputOf(loadPhpfoxSample('friend.isFriend'))],
  ['notification.get', z.array(NotificationSchema), () => outputOf(loadPhpfoxSample('notification.get'))],
  ['photo.getPhotos', z.array(PhotoSchema), () => outputOf(loadPhpfoxSample('photo.getPhotos'))],
  ['photo.addPhoto', UploadedPhotoSchema, () => outputOf(loadPhpfoxSample('photo.addPhoto'))],
];

/** zod's verdict and the fast parse's agree: the same output, or the fast parse gave up where zod refused. */
function expectAgreement(schema: z.ZodMiniType, value: unknown, fastMustSucceed: boolean): void {
  const fast = fastParser(schema)(value);
  const zod = schema.safeParse(value);
  if (!zod.success) {
    expect(fast).toBe(GAVE_UP);
    return;
  }
  if (fast === GAVE_UP && !fastMustSucceed) return;
  expect(fast).not.toBe(GAVE_UP);
  expect(fast).toStrictEqual(zod.data);
  // `toStrictEqual` ignores key order; JSON keeps it (and writes Dates as their ISO text).
  expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
}

describe('the compiled parse', () => {
  afterEach(() => {
    z.config({ jitless: false });
  });

  it.each(cases)('gives zod’s output for %s, without asking zod', (_name, schema, load) => {
    expectAgreement(schema, load(), true);
  });

  it.each(cases)(
    'agrees with zod on %s with a field replaced, removed or added (any JSON value, __proto__ included)',
    (_name, schema, load) => {
      const original = load();
      const records = (value: unknown): Record<string, unknown>[] => {
        if (Array.isArray(value)) return value.filter((item) => typeof item === 'object' && item !== null);
        if (typeof value !== 'object' || value === null) return [];
        const inner = Object.values(value).flatMap((member) =>
          Array.isArray(member) ? records(member) : [],
        );
        return [value as Record<string, unknown>, ...inner];
      };
      const count = records(original).length;
      fc.assert(
        fc.property(
          fc.nat(count - 1),
          fc.oneof(fc.constantFrom('__proto__', 'extra', 'id'), fc.string({ maxLength: 12 })),
          fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
          fc.boolean(),
          (which, key, replacement, pickDeclared) => {
            const value = structuredClone(original);
            const target = records(value)[which] as Record<string, unknown>;
            const keys = Object.keys(target);
            const name = pickDeclared && keys.length > 0 ? (keys[key.length % keys.length] as string) : key;
            if (replacement === undefined) delete target[name];
            else
              Object.defineProperty(target, name, {
                value: replacement,
                enumerable: true,
                writable: true,
                configurable: true,
              });
            expectAgreement(schema, value, false);
          },
        ),
        fuzzOptions(),
      );
    },
  );

  it('refuses a record that lacks a required key, a wrong type or an impossible date, as zod does', () => {
    const files = hubzillaJson('22-files-no_params.txt') as { results: Record<string, unknown>[] };
    const row = files.results[0] as Record<string, unknown>;
    const { hash: _hash, ...noHash } = row;
    for (const broken of [
      noHash,
      { ...row, id: '1.5' },
      { ...row, created: '2024-02-30 10:00:00' },
      { ...row, is_dir: 2 },
    ]) {
      expect(fastParser(FilesAnswerSchema)({ ...files, results: [broken] })).toBe(GAVE_UP);
      expect(FilesAnswerSchema.safeParse({ ...files, results: [broken] }).success).toBe(false);
    }
  });

  it('builds records the same way where no code may be generated (zod’s jitless: browsers and workers)', () => {
    z.config({ jitless: true });
    // New schema objects: a schema is compiled once, on first use.
    const files = z.looseObject({
      results: z.array(z.looseObject({ ...AttachSchema.shape })),
    });
    const strict = z.strictObject({ id: z.number(), name: z.optional(z.string()) });
    const value = hubzillaJson('22-files-no_params.txt');
    expectAgreement(files, value, true);
    expectAgreement(files, { ...(value as object), more: [1] }, true);
    expectAgreement(strict, { id: 1 }, true);
    expectAgreement(strict, { id: 1, name: 'a', other: 2 }, false);
    expect(fastParser(strict)({ id: 1, other: 2 })).toBe(GAVE_UP);
  });

  it('leaves kinds it does not model to zod: checks, codecs, defaults', () => {
    const checked = z.looseObject({ id: z.string().check(z.minLength(3)), n: z._default(z.number(), 7) });
    expectAgreement(checked, { id: 'abcd' }, true);
    expectAgreement(checked, { id: 'ab', n: 1 }, false);
    const codec = z.codec(z.string(), z.number(), { decode: (text) => Number(text), encode: String });
    expectAgreement(z.object({ a: codec }), { a: '12' }, true);
  });
});

describe('the compiled parse, undeclared keys', () => {
  const schemas = () => ({
    loose: z.looseObject({ id: z.number(), name: z.optional(z.string()) }),
    strict: z.strictObject({ id: z.number(), name: z.optional(z.string()) }),
  });

  it.each([false, true])('finds them however they are held (generated code: %s)', (generated) => {
    z.config({ jitless: !generated });
    try {
      const { loose, strict } = schemas();
      const hidden = Object.defineProperty({ id: 1, extra: 2 }, 'name', { value: 'n', enumerable: false });
      const inherited = Object.create({ extra: 3 }, { id: { value: 1, enumerable: true } });
      const nullProto = Object.assign(Object.create(null), { id: 1, extra: 4 });
      for (const value of [
        { id: 1 },
        { id: 1, name: 'n' },
        { id: 1, extra: 5 },
        hidden,
        inherited,
        nullProto,
      ]) {
        expectAgreement(loose, value, false);
        expectAgreement(strict, value, false);
      }
      expect(fastParser(loose)(hidden)).toEqual({ id: 1, name: 'n', extra: 2 });
      expect(fastParser(strict)(hidden)).toBe(GAVE_UP);
    } finally {
      z.config({ jitless: false });
    }
  });
});
