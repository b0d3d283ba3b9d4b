import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fastParser, GAVE_UP } from '../../src/core/validation/fast-parse.js';
import { type ZodNamespace, zodInternalsMatch } from '../../src/core/validation/zod-internals.js';
import { FilesAnswerSchema } from '../../src/native/envelopes.js';
import { hubzillaJson } from '../support/fixtures.js';

/*
 * The compiled parser reads zod's internals; package.json allows any zod 4.x from 4.6.7 on, and CI
 * runs the parser's suite with the lowest and the newest (.ci/run). A zod whose internals differ is
 * detected once and parses everything itself: test/core/zod-mismatch.test.ts shows that fallback.
 */

/** A schema like `schema`, whose internals read `changes` instead (what a zod that moved them would build). */
function moved<T extends z.core.$ZodType>(
  schema: T,
  changes: Record<string, unknown>,
  def: Record<string, unknown> = {},
): T {
  const definition = new Proxy(schema._zod.def, {
    get: (target, key) => (key in def ? def[key as string] : Reflect.get(target, key)),
  });
  const internals = new Proxy(schema._zod, {
    get: (target, key) =>
      key === 'def' ? definition : key in changes ? changes[key as string] : Reflect.get(target, key),
  });
  return new Proxy(schema, { get: (target, key) => (key === '_zod' ? internals : Reflect.get(target, key)) });
}

/** zod/mini with one part replaced. */
const zodWith = (changes: Partial<Record<keyof ZodNamespace, unknown>>): ZodNamespace =>
  ({
    string: z.string,
    optional: z.optional,
    looseObject: z.looseObject,
    ...changes,
  }) as ZodNamespace;

describe('the check of zod’s internals', () => {
  // scripts/zod-range.mjs runs this suite with another zod: make sure it is the one running.
  it.runIf(process.env.SOCIALSITE_ZOD_VERSION)('runs with the zod the range run asked for', () => {
    const { major, minor, patch } = z.core.version;
    expect(`${major}.${minor}.${patch}`).toBe(process.env.SOCIALSITE_ZOD_VERSION);
  });

  it('passes for the zod installed here, and the compiled parse runs', () => {
    expect(zodInternalsMatch()).toBe(true);
    expect(zodInternalsMatch(z)).toBe(true);
    const files = hubzillaJson('22-files-no_params.txt');
    expect(fastParser(FilesAnswerSchema)(files)).not.toBe(GAVE_UP);
  });

  it.each<[string, ZodNamespace]>([
    [
      'another major version',
      zodWith({ string: () => moved(z.string(), { version: { ...z.core.version, major: 5 } }) }),
    ],
    [
      'a minor it was not written for',
      zodWith({ string: () => moved(z.string(), { version: { ...z.core.version, minor: 7 } }) }),
    ],
    [
      'traits kept in an array',
      zodWith({ string: () => moved(z.string(), { traits: [...z.string()._zod.traits] }) }),
    ],
    [
      'a trait renamed',
      zodWith({
        looseObject: (shape: Record<string, z.ZodMiniType>) =>
          moved(z.looseObject(shape), { traits: new Set(['$ZodType', '$ZodRecordLike']) }),
      }),
    ],
    [
      '`optin` renamed',
      zodWith({
        optional: (inner: z.ZodMiniType) =>
          moved(z.optional(inner), { optin: undefined, optionalIn: 'optional' }),
      }),
    ],
    [
      'an optional’s inner type under another name',
      zodWith({
        optional: (inner: z.ZodMiniType) => moved(z.optional(inner), {}, { innerType: undefined, inner }),
      }),
    ],
    [
      'an object’s shape under another name',
      zodWith({
        looseObject: (shape: Record<string, z.ZodMiniType>) =>
          moved(z.looseObject(shape), {}, { shape: undefined, fields: shape }),
      }),
    ],
    [
      'extra keys kept another way',
      zodWith({
        looseObject: (shape: Record<string, z.ZodMiniType>) =>
          moved(z.looseObject(shape), {}, { catchall: undefined, passthrough: true }),
      }),
    ],
    [
      '`_zod.run` answering asynchronously',
      zodWith({ string: () => moved(z.string(), { run: async () => ({ value: 1, issues: [] }) }) }),
    ],
    [
      'a factory that throws',
      zodWith({
        looseObject: () => {
          throw new Error('changed');
        },
      }),
    ],
  ])('fails for a zod with %s', (_name, other) => {
    expect(zodInternalsMatch(other)).toBe(false);
  });
});
