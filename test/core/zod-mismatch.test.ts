import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ValidationError } from '../../src/core/errors/validation-error.js';
import { Redactor } from '../../src/core/secrets/redact.js';
import { fastParser, GAVE_UP } from '../../src/core/validation/fast-parse.js';
import { validate } from '../../src/core/validation/validate.js';
import { zodInternalsMatch } from '../../src/core/validation/zod-internals.js';
import { FilesAnswerSchema } from '../../src/native/envelopes.js';
import { hubzillaJson } from '../support/fixtures.js';

/*
 * A zod the compiled parser was not written for (here: a zod 4.7 nobody has looked at yet, its
 * string schemas' `_zod.version` changed for every module this file imports): the parser refuses to run, for every
 * schema, and each answer is parsed by zod alone, with zod's own output and issues.
 */
vi.mock('zod/mini', async (importOriginal) => {
  const real = await importOriginal<typeof import('zod/mini')>();
  const version = { ...real.core.version, minor: 7 };
  // Every string schema made here says it is of zod 4.7 (`_zod.version`, which zod's parse never reads).
  const string: typeof real.string = (...args) => {
    const schema = real.string(...args);
    (schema._zod as { version: unknown }).version = version;
    return schema;
  };
  return { ...real, string };
});

const context = { mode: 'strict' as const, hooks: {}, redactor: new Redactor(['s3cret']) };
const response = { method: 'GET', url: 'https://hub.example/api/z/1.0/files', text: '{}' };

describe('the compiled parser on a zod whose internals differ', () => {
  it('is seen to differ', () => {
    expect(z.string()._zod.version.minor).toBe(7);
    expect(zodInternalsMatch()).toBe(false);
  });

  it('gives up on every input, the simplest schemas too', () => {
    const files = hubzillaJson('22-files-no_params.txt');
    expect(fastParser(FilesAnswerSchema)(files)).toBe(GAVE_UP);
    expect(fastParser(z.string())('text')).toBe(GAVE_UP);
    expect(fastParser(z.looseObject({ id: z.string() }))({ id: '1' })).toBe(GAVE_UP);
  });

  it('leaves every answer to zod: the same value a working parser gives, and zod’s issues', () => {
    const files = hubzillaJson('22-files-no_params.txt');
    const expected = FilesAnswerSchema.safeParse(files);
    expect(expected.success).toBe(true);
    const value = validate(FilesAnswerSchema, files, context, response);
    expect(value).toStrictEqual(expected.data);
    expect(JSON.stringify(value)).toBe(JSON.stringify(expected.data));
    const broken = { ...(files as object), results: [{ id: 'x' }] };
    expect(() => validate(FilesAnswerSchema, broken, context, response)).toThrow(ValidationError);
  });
});
