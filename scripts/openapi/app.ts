import { APP_METHOD_OUTPUTS, type KnownAppMethod } from '../../src/app/app-methods.js';
import {
  ApiInfoSchema,
  FriendSchema,
  IsFriendSchema,
  NotificationSchema,
  PhotoSchema,
  TokenResponseSchema,
  UploadedPhotoSchema,
  UserSchema,
} from '../../src/schemas/index.js';
import { documentHead, type NamedSchema, record, ref, SCHEMAS, wireComponents } from './components.js';
import { operationInput, summaryOf, type WireParameter, wireParameter } from './parameters.js';
import { resourceMethod, type SourceDocs } from './source-docs.js';
import { type JsonSchema, TRANSFORM_WIRE } from './wire.js';

const APP = 'src/app';
const APP_METHODS = 'src/app/app-methods.ts';

/** The source files the Application API document is read from: each known method's resource. */
export const APP_SOURCES = [
  SCHEMAS,
  APP_METHODS,
  ...new Set(Object.keys(APP_METHOD_OUTPUTS).map((method) => resourceMethod(APP, method)[0])),
];

/** The records of the answers, named after their SDK types. */
const RECORDS: NamedSchema[] = [
  record('ApiInfo', ApiInfoSchema),
  record('TokenResponse', TokenResponseSchema),
  record('User', UserSchema),
  record('Friend', FriendSchema),
  record('IsFriend', IsFriendSchema),
  record('Notification', NotificationSchema),
  record('Photo', PhotoSchema),
  record('UploadedPhoto', UploadedPhotoSchema),
];

/** Quirks of single methods, beside what the SDK's method docs say (docs/server-behaviour.md). */
const METHOD_QUIRKS: Partial<Record<KnownAppMethod, string>> = {
  'friend.getFriends':
    'Ten a page. phpFox reads page 0, a missing page and junk as page 1, and past the end answers the LAST page again. An unknown user gives `[]`. 3.0.x items are user records without `email`; 3.5+ items are `{user_id, full_name, name, photo_*, permalink}`.',
  'friend.isFriend': 'The real server answers a JSON boolean where the document shows `1`.',
  'mail.getNewCount': 'A bare integer; `user_id` is ignored (the signed-in user is counted).',
  'notification.getNewCount': 'A bare integer; `user_id` is ignored (the signed-in user is counted).',
  'notification.get':
    'At most 5 an answer, whatever `page` says (it is ignored). phpFox 3.9 fills every answer up to 5 with already-seen notifications, newest first, and MARKS what it returns as seen.',
  'photo.getPhotos': 'Ten a page; 3.0.x counts pages from 1, 3.5+ from 0 and answers `[]` past the end.',
  'photo.addPhoto':
    'Multipart: the file part `photo` and the text part `photo_name`, whose extension the server checks (jpg, jpeg, gif, png). 3.0.x answers a map of size → URL, 3.5+ a getPhotos-style record.',
};

const ERROR_ENVELOPE: JsonSchema = {
  description:
    'phpFox\'s failure, always with HTTP 200: the normal envelope whose `output` holds the error. Envelope failures (bad token, unknown or malformed method — an unknown module\'s `error_id` is the string `"5"` —) send `{error_id, error_message}`; failures inside a method `{error: true, error_id, error_message}`, where 3.5+ sometimes leaves `error_id` out. The SDK maps a rejected key or token (`api.unable_to_find_api_key`) to `AuthenticationError`, an `error_id` ending in `_cannot_be_found`/`_not_found` (or, without one, a message saying "cannot be found") to `NotFoundError`, anything else to `ApiError` with `code` = `error_id`.',
  type: 'object',
  required: ['output'],
  properties: {
    api: ref('ApiInfo'),
    output: {
      type: 'object',
      properties: {
        error: { const: true },
        error_id: { type: ['string', 'integer'] },
        error_message: { type: 'string' },
      },
      anyOf: [{ required: ['error'] }, { required: ['error_id'] }],
    },
  },
};

const API_DESCRIPTION = `phpFox's Application API (phpFox 3.0.x and 3.5 to 3.9: \`token.php\`, \`api.php\`), as the socialsite-sdk reads it. Generated at build time from the SDK's own zod schemas, parameter types and docs (checked against a live phpFox 3.9.0), never written by hand.

- **One address for every method.** \`api.php\` takes the method as the query parameter \`method\` (\`method=user.getUser\`) beside the token and the method's parameters, so the document has one operation per HTTP method: \`GET /api.php\` for the reads, \`POST /api.php\` (multipart) for \`photo.addPhoto\`, with \`method\` an \`enum\`. Each method's own parameters are listed in the parameters' descriptions, its answer is \`Answer<Method>\` (one branch of the response's \`anyOf\`), and \`x-phpfox-methods\` maps each method to both.
- **GET or POST.** The server accepts both for every method; the SDK reads with GET and uploads with multipart POST.
- **Everything is HTTP 200**, errors included (see \`PhpfoxError\`), always sent as \`text/html\`: read the body as JSON whatever the Content-Type. The body may start with a UTF-8 BOM, blank lines or PHP notice HTML before the JSON.
- **Values**: database values arrive as strings (\`user_id: "7"\`), counts as numbers; the schemas accept both (\`x-sdk-normalized\` says what the SDK returns). Field docs saying "normalized to …" describe the SDK's result; the schemas describe the wire.
- **Paging**: ten items a page; \`api.total\` is often 0 and \`pages\`/\`current_page\` cannot be trusted.
- **No CORS headers**: browser pages call through a relay (socialsite-sdk/relay).`;

/** One known method as the document describes it: its SDK doc, wire parameters and answer. */
interface MethodSpec {
  method: KnownAppMethod;
  /** `AnswerUserGetUser`: the envelope with this method's output (a component). */
  answer: string;
  summary: string;
  description: string;
  parameters: WireParameter[];
  upload: boolean;
}

/** The OpenAPI 3.1 document of the Application API. */
export function appDocument(docs: SourceDocs): JsonSchema {
  const outputs: NamedSchema[] = [];
  const answers: Record<string, JsonSchema> = {};
  const specs = (Object.keys(APP_METHOD_OUTPUTS) as KnownAppMethod[]).map((method) => {
    const spec = methodSpec(method, docs);
    answers[spec.answer] = {
      description: `\`${method}\`: ${spec.summary}. The envelope with its output.`,
      type: 'object',
      required: ['api', 'output'],
      properties: { api: ref('ApiInfo'), output: outputOf(method, outputs) },
    };
    return spec;
  });
  const reads = specs.filter((spec) => !spec.upload);
  const uploads = specs.filter((spec) => spec.upload);
  return {
    ...documentHead(
      'phpFox Application API',
      'The phpFox Apps API (token.php, api.php) as socialsite-sdk reads it.',
      API_DESCRIPTION,
      {
        url: '{site}',
        description: 'The phpFox site root (token.php and api.php hang below it).',
        site: 'http://localhost:8080',
      },
    ),
    tags: [{ name: 'token' }, { name: 'api', description: 'Every method of api.php, by `method`.' }],
    paths: {
      '/token.php': { get: tokenOperation(docs) },
      '/api.php': {
        get: callOperation('callMethod', reads),
        post: callOperation('uploadWithMethod', uploads),
      },
    },
    components: {
      schemas: {
        ...wireComponents([...RECORDS, ...outputs], docs),
        ...answers,
        PhpfoxError: ERROR_ENVELOPE,
      },
      securitySchemes: {
        appToken: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description:
            "The access token of `token.php`, in the query of every `api.php` call. Documented as base64 (`+ / =`), real 3.9 tokens are letters and digits: URL-encode it. A new token cancels the app's previous token for that user; tokens do not expire otherwise.",
        },
      },
    },
    'x-phpfox-methods': Object.fromEntries(
      specs.map((spec) => [
        spec.method,
        {
          summary: spec.summary,
          description: spec.description,
          httpMethod: spec.upload ? 'post' : 'get',
          parameters: spec.parameters.map(({ name, required, description, schema }) => ({
            name,
            required,
            description,
            schema,
          })),
          answer: `#/components/schemas/${spec.answer}`,
        },
      ]),
    ),
  };
}

/** The output schema of a method: a named record, a count, or a list named `<Method>Output`. */
function outputOf(method: KnownAppMethod, outputs: NamedSchema[]): JsonSchema {
  const schema = APP_METHOD_OUTPUTS[method];
  const record = RECORDS.find((named) => named.schema === schema);
  if (record) return ref(record.id);
  const wire = TRANSFORM_WIRE.get(schema);
  if (wire) return { ...wire.schema, description: 'An integer (a numeric string tolerated).' };
  const id = `${pascal(method)}Output`;
  outputs.push({ id, schema });
  return ref(id);
}

/** `friend.getFriends` → `FriendGetFriends`. */
function pascal(method: string): string {
  return method.replace(/(^|\.)(\w)/g, (_, _dot: string, letter: string) => letter.toUpperCase());
}

function methodSpec(method: KnownAppMethod, docs: SourceDocs): MethodSpec {
  const said = docs.method(...resourceMethod(APP, method));
  const parameters = docs.memberMembers(APP_METHODS, 'AppMethodParams', method).map(wireParameter);
  const description = [
    said,
    METHOD_QUIRKS[method],
    `SDK: \`app.${method}()\`, or \`app.call('${method}', params)\`.`,
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    method,
    answer: `Answer${pascal(method)}`,
    summary: summaryOf(said, method),
    description,
    parameters,
    upload: parameters.some((parameter) => parameter.file),
  };
}

/**
 * `api.php` as one operation per HTTP method: phpFox takes the method name as the `method`
 * parameter of one address, and OpenAPI keys operations by address and HTTP method. Each known
 * method's own parameters and answer are said in the parameters' descriptions, in the answer's
 * `anyOf` (`Answer<Method>`) and in `x-phpfox-methods`.
 */
function callOperation(operationId: string, specs: readonly MethodSpec[]): JsonSchema {
  const byName = new Map<string, { parameter: WireParameter; uses: string[] }>();
  for (const spec of specs) {
    for (const parameter of spec.parameters) {
      const entry = byName.get(parameter.name) ?? { parameter, uses: [] };
      entry.uses.push(
        `- \`${spec.method}\`${parameter.required ? ' (required)' : ''}: ${parameter.description}`,
      );
      byName.set(parameter.name, entry);
    }
  }
  const parameters: WireParameter[] = [...byName.values()].map(({ parameter, uses }) => ({
    ...parameter,
    required: specs.length === 1 && parameter.required,
    description: uses.join('\n'),
  }));
  const methodParameter = {
    name: 'method',
    in: 'query',
    required: true,
    description: `The method, \`<module>.<method>\`:\n${specs.map((spec) => `- \`${spec.method}\`: ${spec.summary}.`).join('\n')}\n\nThe methods socialsite-sdk knows; phpFox answers any other with the error envelope.`,
    schema: { type: 'string', enum: specs.map((spec) => spec.method) },
  };
  const upload = specs.some((spec) => spec.upload);
  return {
    operationId,
    tags: ['api'],
    summary: upload ? 'Upload through a method of api.php (photo.addPhoto)' : 'Call a method of api.php',
    description: specs.map((spec) => `### \`${spec.method}\`\n\n${spec.description}`).join('\n\n'),
    security: [{ appToken: [] }],
    ...operationInput([methodParameter], parameters, upload),
    responses: {
      '200': {
        description:
          "The envelope `{api, output}` with the method's output (`Answer<Method>`), or `PhpfoxError`: errors are HTTP 200 too. Sent as `text/html`.",
        content: {
          'application/json': {
            schema: { anyOf: [...specs.map((spec) => ref(spec.answer)), ref('PhpfoxError')] },
          },
        },
      },
    },
  };
}

function tokenOperation(docs: SourceDocs): JsonSchema {
  return {
    operationId: 'getToken',
    tags: ['token'],
    summary: 'Exchange the app key for an access token',
    description:
      "The `key` phpFox passes to the app (as the query parameter `key` of the iframe) → `{token}`, a bare object without envelope. An empty token is a failure; a rejected key is the error envelope (`api.unable_to_find_api_key`, or `api.enable_api_support` when the API is switched off): the SDK's `AuthenticationError`. The key can be exchanged again.",
    security: [],
    parameters: [
      {
        name: 'key',
        in: 'query',
        required: true,
        description: 'The key phpFox gave the app.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      '200': {
        description: `${docs.declaration(SCHEMAS, 'TokenResponse')} Or the error envelope.`,
        content: { 'application/json': { schema: { anyOf: [ref('TokenResponse'), ref('PhpfoxError')] } } },
      },
    },
  };
}
