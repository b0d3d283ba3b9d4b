import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { generateOpenApiDocuments } from '../../scripts/openapi/generate.js';
import { APP_METHOD_OUTPUTS as KNOWN_METHODS } from '../../src/app/app-methods.js';
import { UserSchema } from '../../src/schemas/index.js';
import { listHubzillaFixtures, loadHubzillaFixture } from '../support/fixtures.js';
import { answerChecker, type Document, type Verdict } from './answer-check.js';

/*
 * The OpenAPI documents of `socialsite-sdk/openapi`, checked rather than hoped: a standard OpenAPI
 * 3.1 validator accepts both, every recorded answer of the fixtures validates against its
 * operation's response schema with a standard JSON Schema validator (ajv, draft 2020-12), and the
 * documents follow the schemas of `src/schemas` (nothing is kept by hand).
 */

const { app, native } = generateOpenApiDocuments();
const appDocument = app as unknown as Document;
const nativeDocument = native as unknown as Document;

const phpfoxFixtures = new URL('../fixtures/phpfox-3.0.1-docs/', import.meta.url);

describe('the OpenAPI documents', () => {
  it.each([
    ['app', app],
    ['native', native],
  ])('%s.json passes an OpenAPI 3.1 validator', async (_name, document) => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describe every known method of AppClient and every endpoint NativeClient calls', () => {
    expect(Object.keys(appDocument.paths)).toEqual(['/token.php', '/api.php']);
    const methods = Object.keys(KNOWN_METHODS);
    expect(Object.keys(appDocument['x-phpfox-methods'] as object)).toEqual(methods);
    const call = appDocument.paths['/api.php'] as unknown as Record<
      string,
      { parameters: { name: string; schema: { enum?: string[] } }[] }
    >;
    expect(call.get?.parameters[0]?.schema.enum).toEqual(
      methods.filter((method) => method !== 'photo.addPhoto'),
    );
    expect(call.post?.parameters[0]?.schema.enum).toEqual(['photo.addPhoto']);
    expect(call.get?.parameters.map((parameter) => parameter.name)).toEqual([
      'method',
      'user_id',
      'page',
      'friend_user_id',
    ]);
    expect(Object.keys(nativeDocument.paths).sort()).toEqual(
      [
        '/abconfig',
        '/abook',
        '/albums',
        '/channel/export/basic',
        '/channel/stream',
        '/file',
        '/file/export',
        '/filedata',
        '/filemeta',
        '/files',
        '/group',
        '/group_members',
        '/item/full',
        '/item/update',
        '/network/stream',
        '/perm_allowed',
        '/photo',
        '/photos',
        '/version',
        '/xchan',
      ].sort(),
    );
  });

  it('say how each server authenticates', () => {
    const schemes = (document: Document) =>
      (document.components as { securitySchemes: Record<string, { type: string; scheme?: string }> })
        .securitySchemes;
    expect(schemes(appDocument).appToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'token' });
    expect(schemes(nativeDocument)).toMatchObject({
      basic: { type: 'http', scheme: 'basic' },
      oauth2: { type: 'oauth2' },
      httpSignature: { type: 'http', scheme: 'Signature' },
    });
    expect(nativeDocument.paths['/version']?.get?.security).toEqual([]);
  });
});

describe('the recorded answers validate against the documents', () => {
  const files = readdirSync(phpfoxFixtures).filter((name) => name.endsWith('.json'));

  it.each(files)('phpFox 3.0.1 %s', (file) => {
    const method = file.replace(/\.json$/, '');
    const path = method === 'token' ? '/token.php' : '/api.php';
    const body = readFileSync(new URL(file, phpfoxFixtures), 'utf8');
    const verb = method === 'photo.addPhoto' ? 'POST' : 'GET';
    const checker = answerChecker(appDocument, 'app.json');
    expect(checker.check(path, verb, 200, body)).toEqual({ result: 'valid', operation: `${verb} ${path}` });
    // And against the method's own answer, not only some branch of the operation's `anyOf`.
    if (method !== 'token')
      expect(checker.checkSchema(answerOf(method), body)).toMatchObject({ result: 'valid' });
  });

  it('every Hubzilla 8.8.7 exchange of a described endpoint', () => {
    const checker = answerChecker(nativeDocument, 'native.json');
    const verdicts = new Map<string, Verdict>();
    for (const name of listHubzillaFixtures()) {
      const exchange = loadHubzillaFixture(name);
      const { method, path } = requestOf(exchange.request);
      // A HEAD has no body; `dropitems` deletes items, a field the SDK never sends.
      if (method === 'HEAD' || exchange.request.includes('dropitems')) continue;
      verdicts.set(name, checker.check(path, method, exchange.status, exchange.body));
    }
    const invalid = [...verdicts].filter(([, verdict]) => verdict.result === 'invalid');
    expect(invalid).toEqual([]);
    const valid = [...verdicts.values()].filter((verdict) => verdict.result === 'valid');
    expect(valid.length).toBeGreaterThanOrEqual(140);
    // What the SDK does not call, so the documents do not describe (a new endpoint fails here).
    const undescribed = new Set(
      [...verdicts.values()].flatMap((verdict) => (verdict.result === 'undescribed' ? [verdict.reason] : [])),
    );
    expect([...undescribed].sort()).toEqual(
      [
        'no path /',
        'no path /channel/list',
        'no path /channel/list.json',
        'no path /channel/list.rss',
        'no path /channel/list.xml',
        'no path /channel/list.foo',
        'no path /channel/list/',
        'no path /file/export_page',
        'no path /item/export_page',
        'no path /nope',
        'no path /nope.xml',
        'no path /version.xml',
        'no path (api/red)',
        // Hubzilla does not check the method, but the SDK reads with GET and writes with POST only.
        'no GET at /item/update',
        'no POST at /channel/stream',
        'no POST at /filedata',
        'no POST at /files',
        'no POST at /network/stream',
        'no POST at /xchan',
      ].sort(),
    );
  });

  it('and a wrong answer does not', () => {
    const envelope = JSON.parse(readFileSync(new URL('user.getUser.json', phpfoxFixtures), 'utf8'));
    const checker = answerChecker(appDocument, 'app.json');
    const check = (output: unknown) => {
      const body = JSON.stringify({ ...envelope, output });
      const operation = checker.check('/api.php', 'GET', 200, body).result;
      const own = checker.checkSchema(answerOf('user.getUser'), body).result;
      return operation === own ? own : `${operation} (${own} as a user)`;
    };
    expect(check(envelope.output)).toBe('valid');
    expect(check({ ...envelope.output, user_id: 'x7' })).toBe('invalid');
    expect(check({ ...envelope.output, joined: 1.5 })).toBe('invalid');
    const { full_name: _, ...nameless } = envelope.output;
    expect(check(nameless)).toBe('invalid');
    const hub = answerChecker(nativeDocument, 'native.json');
    expect(hub.check('/version', 'GET', 200, '"8.8.7"').result).toBe('valid');
    expect(hub.check('/version', 'GET', 200, '8').result).toBe('invalid');
    expect(hub.check('/xchan', 'GET', 200, '{"hash": 1}').result).toBe('invalid');
    expect(hub.check('/xchan', 'GET', 418, '').result).toBe('invalid');
  });
});

describe('the documents follow src/schemas', () => {
  const user = (document: Record<string, unknown>) =>
    (
      document.components as {
        schemas: Record<string, { properties: Record<string, unknown>; required: string[] }>;
      }
    ).schemas.User;

  it('a field added to a schema appears in the next document, a removed one disappears', () => {
    const shape = UserSchema._zod.def.shape as Record<string, z.core.$ZodType>;
    shape.nickname = z.string();
    try {
      const changed = user(generateOpenApiDocuments().app);
      expect(changed?.properties.nickname).toEqual({ type: 'string' });
      expect(changed?.required).toContain('nickname');
    } finally {
      delete shape.nickname;
    }
    expect(user(generateOpenApiDocuments().app)?.properties).not.toHaveProperty('nickname');
  });

  it('a wire encoding follows the normalizer (strings where the server sends strings)', () => {
    expect(user(app)?.properties.user_id).toMatchObject({ type: ['integer', 'string'], pattern: '^-?\\d+$' });
    expect(user(app)?.properties.email).toMatchObject({ type: ['string', 'null'] });
    expect(user(app)?.required).toEqual(expect.arrayContaining(['user_id', 'full_name', 'joined', 'email']));
  });

  it('a transform it has no wire schema for stops the generation instead of printing "anything"', () => {
    const shape = UserSchema._zod.def.shape as Record<string, z.core.$ZodType>;
    shape.upper = z.transform((value: string) => value.toUpperCase());
    try {
      expect(() => generateOpenApiDocuments()).toThrow(/properties\.upper has no wire schema/);
    } finally {
      delete shape.upper;
    }
  });

  it('field docs are the JSDoc of the record types', () => {
    expect(user(app)?.properties.joined).toMatchObject({
      description: expect.stringContaining('When the user signed up, in unix seconds'),
    });
  });
});

/** The pointer of a phpFox method's answer in app.json. */
function answerOf(method: string): string {
  return (
    (appDocument['x-phpfox-methods'] as Record<string, { answer: string }>)[method]?.answer ?? ''
  ).slice(1);
}

/** The method and the operation path of a recorded `curl` command. */
function requestOf(command: string): { method: string; path: string } {
  const words = command.replace(/\\(.)/g, '$1').split(' ');
  const url = words.find((word) => word.startsWith('http://')) ?? '';
  const explicit = words[words.indexOf('-X') + 1];
  const sendsData = words.some((word) => /^(--data|--data-urlencode|-F|-d)$/.test(word));
  const method = words.includes('-X')
    ? (explicit ?? 'GET')
    : words.includes('-I')
      ? 'HEAD'
      : sendsData && !words.includes('-G')
        ? 'POST'
        : 'GET';
  const { pathname } = new URL(url);
  const below = pathname.match(/^\/api\/z\/1\.0(\/.*)?$/);
  return { method, path: below ? (below[1] ?? '/') : '(api/red)' };
}
