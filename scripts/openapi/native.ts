import type * as z from 'zod/mini';
import {
  AbconfigListSchema,
  AbookListSchema,
  AlbumsAnswerSchema,
  AttachAnswerSchema,
  FileAnswerSchema,
  FileDataAnswerSchema,
  FilesAnswerSchema,
  GroupMemberListSchema,
  ItemFullAnswerSchema,
  PermissionRowsSchema,
  PhotosAnswerSchema,
  PrivacyGroupListSchema,
  StreamItemListSchema,
  VersionAnswerSchema,
} from '../../src/native/envelopes.js';
import {
  AbconfigSchema,
  AbookSchema,
  AlbumSchema,
  AttachSchema,
  ChannelExportSchema,
  ExportItemSchema,
  FileDataAttachSchema,
  FileExportSchema,
  GroupMemberSchema,
  ItemPersonSchema,
  ItemRowSchema,
  ItemUpdateResultSchema,
  NativePhotoSchema,
  PermissionRowSchema,
  PhotoDetailSchema,
  PrivacyGroupSchema,
  StreamItemSchema,
  XchanSchema,
} from '../../src/schemas/index.js';
import { documentHead, type NamedSchema, record, ref, SCHEMAS, wireComponents } from './components.js';
import { operationInput, summaryOf, type WireParameter, wireParameter } from './parameters.js';
import { resourceMethod, type SourceDocs } from './source-docs.js';
import type { JsonSchema } from './wire.js';

const ENVELOPES = 'src/native/envelopes.ts';
const RESOURCES = 'src/native/resources';

/** An answer's envelope of `src/native/envelopes.ts`, described by its const's JSDoc. */
const envelope = (id: string, schema: z.core.$ZodType): NamedSchema => ({
  id,
  schema,
  docs: { file: ENVELOPES, name: `${id}Schema` },
});

const NAMED: NamedSchema[] = [
  record('Xchan', XchanSchema),
  record('Abook', AbookSchema),
  record('Abconfig', AbconfigSchema),
  record('PermissionRow', PermissionRowSchema),
  record('PrivacyGroup', PrivacyGroupSchema),
  record('GroupMember', GroupMemberSchema),
  record('Attach', AttachSchema),
  record('FileDataAttach', FileDataAttachSchema),
  record('Album', AlbumSchema),
  record('NativePhoto', NativePhotoSchema),
  record('PhotoDetail', PhotoDetailSchema),
  record('ItemPerson', ItemPersonSchema),
  record('ItemRow', ItemRowSchema),
  record('StreamItem', StreamItemSchema),
  record('ExportItem', ExportItemSchema),
  record('ItemUpdateResult', ItemUpdateResultSchema),
  record('ChannelExport', ChannelExportSchema),
  record('FileExport', FileExportSchema),
  envelope('VersionAnswer', VersionAnswerSchema),
  envelope('FilesAnswer', FilesAnswerSchema),
  envelope('FileDataAnswer', FileDataAnswerSchema),
  envelope('AttachAnswer', AttachAnswerSchema),
  envelope('FileAnswer', FileAnswerSchema),
  envelope('AlbumsAnswer', AlbumsAnswerSchema),
  envelope('PhotosAnswer', PhotosAnswerSchema),
  envelope('StreamItemList', StreamItemListSchema),
  envelope('ItemFullAnswer', ItemFullAnswerSchema),
  envelope('PrivacyGroupList', PrivacyGroupListSchema),
  envelope('GroupMemberList', GroupMemberListSchema),
  envelope('AbookList', AbookListSchema),
  envelope('AbconfigList', AbconfigListSchema),
  envelope('PermissionRows', PermissionRowsSchema),
];

/** One endpoint: where, which SDK method and parameter type, which answer, and its quirks. */
interface Endpoint {
  path: string;
  method?: 'get' | 'post';
  /** The SDK method whose JSDoc describes it, as called on a `NativeClient`: `files.list`, `version`. */
  sdk: string;
  /** The SDK's parameter type (`[file, type]`, the file in src/native/resources), when it takes parameters. */
  params?: [file: string, type: string];
  /** SDK-only parameters that are not sent under their own name, and why. */
  notSent?: Record<string, string>;
  /** Parameters whose wire form differs from the SDK's type. */
  wire?: Record<string, Partial<WireParameter>>;
  /** Wire parameters the SDK sends without a parameter of its own. */
  extra?: WireParameter[];
  answer: string;
  /** What an empty 200 body means here, beside an unknown `channel`. @default not found */
  empty?: string;
  /** What the JSON `false` or `{success: false}` means here. @default not found, and a failure */
  unsuccessful?: string;
  quirks?: string;
  /** No login needed. */
  open?: boolean;
}

const NOT_FOUND = 'not found, or a missing parameter (the SDK: `NotFoundError`)';
const UNSUCCESSFUL =
  'The JSON `false`: not found (`NotFoundError`); `{success: false, message}`: a failure (`ApiError`, `code` = message)';

const ENDPOINTS: Endpoint[] = [
  {
    path: 'version',
    sdk: 'version',
    answer: 'VersionAnswer',
    open: true,
    quirks: 'Needs no login; the version as a JSON string.',
  },
  {
    path: 'files',
    sdk: 'files.list',
    params: ['files-params', 'FilesListParams'],
    answer: 'FilesAnswer',
    quirks:
      '`filehash` is exact, `filename`/`filetype` substrings (case-sensitive on PostgreSQL). `start` only applies when `records` > 0 (SQL LIMIT/OFFSET).',
  },
  {
    path: 'filedata',
    sdk: 'files.data',
    params: ['files-params', 'FileDataParams'],
    answer: 'FileDataAnswer',
    quirks:
      '`file_id` is matched as a PREFIX with SQL `LIKE` (`%` and `_` are wildcards that can select another record). A negative `start` is echoed while the bytes come from offset 0. `length` missing or 0 means the rest of the file; the answer\'s `length` is the bytes returned, past the end `content` is `""`; there is no end-of-file flag. An empty file read without `length` is HTTP 500 on PHP 8 (`fread()` of 0 bytes).',
  },
  {
    path: 'filemeta',
    sdk: 'files.meta',
    params: ['files-params', 'FileIdParams'],
    answer: 'AttachAnswer',
  },
  {
    path: 'file',
    sdk: 'files.get',
    params: ['files-params', 'FileIdParams'],
    answer: 'FileAnswer',
  },
  {
    path: 'file/export',
    sdk: 'files.export',
    params: ['files-params', 'FileIdParams'],
    answer: 'FileExport',
    quirks:
      'The record after its parent folders; `content` fields are server paths. An unknown file may answer `attach: []`.',
  },
  {
    path: 'albums',
    sdk: 'albums.list',
    answer: 'AlbumsAnswer',
    unsuccessful: '`{success: false}`: no album (the SDK reads `[]`); `false`: no permission',
  },
  {
    path: 'photos',
    sdk: 'photos.list',
    params: ['photos', 'PhotosListParams'],
    answer: 'PhotosAnswer',
    unsuccessful: '`{success: false}`: an unknown album (`NotFoundError`), or no photo at all',
    quirks: 'One row per image scale (`imgscale` 0 is the original).',
  },
  {
    path: 'photo',
    sdk: 'photos.get',
    params: ['photos', 'PhotoGetParams'],
    answer: 'PhotoDetail',
  },
  {
    path: 'channel/export/basic',
    sdk: 'channel.exportBasic',
    params: ['channel', 'ChannelExportParams'],
    wire: { sections: { schema: { type: 'string' } } },
    notSent: {
      posts:
        "The documented `posts=1` is ignored by 8.8.7: the SDK's `posts: true` adds the `items` section to `sections` instead.",
    },
    answer: 'ChannelExport',
    quirks: '`sections` is ONE comma-separated field.',
  },
  {
    path: 'channel/stream',
    sdk: 'channel.stream',
    params: ['channel', 'ChannelStreamParams'],
    answer: 'StreamItemList',
    quirks: 'GET only: a POST to this address CREATES an item, even without parameters.',
  },
  {
    path: 'network/stream',
    sdk: 'network.stream',
    params: ['network', 'NetworkStreamParams'],
    extra: [
      {
        name: 'uid',
        required: false,
        description:
          "The channel's id. 8.8.7 filters `cid` on it but the API never sets it: without `uid`, `cid` answers `[]`. The SDK sends the connection's `abook_channel` whenever `cid` is given.",
        schema: { type: 'integer' },
      },
      {
        name: 'compat',
        required: false,
        description:
          'Any true value but 1: the unthreaded "New Item View" (every item, posts and comments, `received DESC`; `start`/`records` count items; `since_id` per item). `compat=1` lists only the channel\'s own public items and ignores `since_id`. `network.follow` sends 2.',
        schema: { type: 'integer' },
      },
      {
        name: 'page',
        required: false,
        description: 'Pages of 10 threads, as an alternative to `start` + `records` (the SDK uses those).',
        schema: { type: 'integer' },
      },
    ],
    answer: 'StreamItemList',
    quirks:
      'An unknown `cid` is HTTP 500 on 8.8.7 (a TypeError). A POST answers an empty body (recorded on 8.8.7): read with GET.',
  },
  {
    path: 'item/update',
    method: 'post',
    sdk: 'items.update',
    params: ['items-params', 'ItemUpdateParams'],
    notSent: {
      app: 'The SDK sends `app` as `source`, the name the hub reads.',
      plink: 'The SDK sends `plink` as `permalink`, the name the hub reads.',
    },
    answer: 'ItemUpdateResult',
    empty: 'an unknown `post_id` (`NotFoundError`) or a failed media upload (`ApiError`)',
    unsuccessful:
      '`{success: false, message}`: a failure (`ApiError`, `code` = message): `no content`, `invalid post id` (an unknown parent), `operation cancelled` (the same text again within 2 minutes: "Suppress Duplicate Posts/Comments", or an addon refused it)',
    quirks:
      "The HTTP method is not checked: even a GET creates an item. Without `parent`/`parent_mid` (or with an empty one) the item is a new TOP-LEVEL post with the channel's default permissions. `parent` is a row id looked up in the whole item table; `parent_mid` a message id looked up among the channel's own items. The field `dropitems` DELETES items: the SDK never sends it.",
  },
  {
    path: 'item/full',
    sdk: 'items.full',
    params: ['items', 'ItemFullParams'],
    answer: 'ItemFullAnswer',
    quirks: "By `item_id` or a thread's top `mid`; a comment's own id or `mid` answers `[]`.",
  },
  {
    path: 'group',
    sdk: 'groups.list',
    answer: 'PrivacyGroupList',
    quirks: 'Raw rows, deleted groups included.',
  },
  {
    path: 'group_members',
    sdk: 'groups.members',
    params: ['groups', 'GroupMembersParams'],
    answer: 'GroupMemberList',
    empty: `an unknown group: ${NOT_FOUND}`,
    quirks: '`group_name` is exact and case-sensitive; a deleted or empty group answers `[]`.',
  },
  {
    path: 'xchan',
    sdk: 'xchan.get',
    params: ['xchan', 'XchanParams'],
    answer: 'Xchan',
    unsuccessful: '`false`: no match, or no parameter (`NotFoundError`)',
    quirks:
      'The first of `hash`, `guid`, `address` counts. The row comes back without its `xchan_` prefix and with `addr` renamed `address`. The value is formatted into SQL with sprintf: a `%` makes it fail with HTTP 500.',
  },
  {
    path: 'abook',
    sdk: 'abook.list',
    params: ['abook', 'AbookListParams'],
    answer: 'AbookList',
  },
  {
    path: 'abconfig',
    sdk: 'abconfig.list',
    params: ['abconfig', 'AbconfigListParams'],
    answer: 'AbconfigList',
  },
  {
    path: 'perm_allowed',
    sdk: 'permissions.allowed',
    params: ['permissions', 'PermissionCheckParams'],
    wire: { perm: { required: false } },
    answer: 'PermissionRows',
    unsuccessful: '`false`: an unknown connection, or no `abook_id` and no usable xchan (`NotFoundError`)',
    quirks:
      'Without `perm`: every permission with `allowed` 0/1; with `perm`: one row with a JSON boolean (an unknown name reads `false`). Reliable only with `abook_id`.',
  },
];

const CLIENT = 'src/native/native-client.ts';

/** The source files the Native API document is read from. */
export const NATIVE_SOURCES = [
  ...new Set([
    SCHEMAS,
    ENVELOPES,
    ...ENDPOINTS.flatMap((endpoint) => [
      declaredIn(endpoint)[0],
      ...(endpoint.params ? [`${RESOURCES}/${endpoint.params[0]}.ts`] : []),
    ]),
  ]),
];

/** Where an endpoint's SDK method is declared: `[file, class, method]`. */
function declaredIn(endpoint: Endpoint): [file: string, className: string, method: string] {
  return endpoint.sdk.includes('.')
    ? resourceMethod('src/native', endpoint.sdk)
    : [CLIENT, 'NativeClient', endpoint.sdk];
}

const API_DESCRIPTION = `Hubzilla's Native channel API (\`api/z/1.0\`, Hubzilla 7.x to 10.x), as the socialsite-sdk reads it. Generated at build time from the SDK's own zod schemas, parameter types and docs (checked against live Hubzilla 8.8.7 and 8.9.3), never written by hand.

- **Failures that look like success.** Almost every failure is HTTP 200: an empty body (a missing parameter, not found, an unknown channel), the JSON \`false\`, or \`{"success": false, "message": "..."}\` (\`HubFalse\`, \`HubUnsuccessful\`). Each operation says what those mean there (\`x-empty-body\`, \`x-unsuccessful\`).
- **Statuses**: 401 \`This api requires login\` (status line sometimes HTTP/1.0, \`WWW-Authenticate: Basic realm="hubzilla"\`); 404 \`{"error":"not implemented"}\` for an unknown endpoint (XML with a \`.xml\`/\`.rss\` suffix); 500 with PHP's error text for uncaught PHP errors (they recur: do not retry).
- **Transport**: the HTTP method is not checked; reads are GET with query fields, writes POST with form fields (never JSON), lists as repeated \`name[]\` fields. Every answer sets a \`PHPSESSID\` cookie that alone is a logged-in session and overrides the Authorization header: send no cookies. No CORS headers; a preflight gets 401.
- **\`channel=<nick>\`** on any call switches to another channel of the same account; another account's channel answers an empty 200.
- **Values**: numbers arrive as numbers or numeric strings (PostgreSQL \`numeric\` columns, PHP before 8.1), flags as 0/1, "0"/"1" or true/false, date-times as UTC \`YYYY-MM-DD HH:MM:SS\` without zone (\`0000-00-00 00:00:00\` and \`0001-01-01 00:00:00\` mean "no date"). The schemas accept every encoding (\`x-sdk-normalized\` says what the SDK returns). Field docs saying "normalized to …" describe the SDK's result; the schemas describe the wire.`;

/** The OpenAPI 3.1 document of the Native API. */
export function nativeDocument(docs: SourceDocs): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const endpoint of ENDPOINTS)
    paths[`/${endpoint.path}`] = { [endpoint.method ?? 'get']: operation(endpoint, docs) };
  return {
    ...documentHead(
      'Hubzilla Native channel API (api/z/1.0)',
      "Hubzilla's api/z/1.0 as socialsite-sdk reads it.",
      API_DESCRIPTION,
      {
        url: '{site}/api/z/1.0',
        description: 'The hub; the OAuth 2.0 endpoints (`/token`, `/authorize`) hang below its root.',
        site: 'http://localhost:8097',
      },
    ),
    security: [{ basic: [] }, { oauth2: [] }, { httpSignature: [] }],
    tags: TAGS.map(([name]) => ({ name })),
    paths,
    components: {
      schemas: { ...wireComponents(NAMED, docs), HubFalse: HUB_FALSE, HubUnsuccessful: HUB_UNSUCCESSFUL },
      parameters: { channel: CHANNEL_PARAMETER },
      responses: RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

function operation(endpoint: Endpoint, docs: SourceDocs): JsonSchema {
  const said = docs.method(...declaredIn(endpoint));
  const parameters = endpoint.params ? wireParameters(endpoint, docs) : [];
  const notSent = Object.entries(endpoint.notSent ?? {}).map(
    ([name, why]) => `\`${name}\` (SDK only): ${why}`,
  );
  const empty = endpoint.empty ?? NOT_FOUND;
  const unsuccessful = endpoint.unsuccessful ?? UNSUCCESSFUL;
  const description = [
    said,
    endpoint.quirks,
    `An empty 200 body: ${empty}; on every endpoint also when \`channel\` names another account's channel.`,
    `${unsuccessful}.`,
    ...notSent,
    `SDK: \`hub.${endpoint.sdk}()\`.`,
  ].filter(Boolean);
  return {
    operationId: endpoint.path.replace(/\/(\w)/g, (_, letter: string) => `_${letter}`),
    tags: [tagOf(endpoint.path)],
    summary: summaryOf(said, endpoint.path),
    description: description.join('\n\n'),
    ...(endpoint.open ? { security: [] } : {}),
    ...operationInput([{ $ref: '#/components/parameters/channel' }], parameters, endpoint.method === 'post'),
    'x-empty-body': empty,
    'x-unsuccessful': unsuccessful,
    responses: {
      '200': {
        description: `The answer, \`false\` or \`{success: false}\` (\`x-unsuccessful\`); an EMPTY body means ${empty}.`,
        content: {
          'application/json': {
            schema: { anyOf: [ref(endpoint.answer), ref('HubFalse'), ref('HubUnsuccessful')] },
          },
        },
      },
      ...(endpoint.open ? {} : { '401': { $ref: '#/components/responses/Unauthorized' } }),
      '500': { $ref: '#/components/responses/PhpError' },
    },
  };
}

/** The wire parameters of an endpoint, from its SDK parameter type, with the differences it declares. */
function wireParameters(endpoint: Endpoint, docs: SourceDocs): WireParameter[] {
  const [file, type] = endpoint.params as [string, string];
  const members = docs.members(`${RESOURCES}/${file}.ts`, type);
  const unknown = Object.keys({ ...endpoint.notSent, ...endpoint.wire }).filter(
    (name) => !members.some((member) => member.name === name),
  );
  if (unknown.length > 0)
    throw new Error(`openapi: ${type} has no ${unknown.join(', ')} (scripts/openapi/native.ts)`);
  return members
    .filter((member) => !endpoint.notSent?.[member.name])
    .map((member) => {
      const adjusted = endpoint.wire?.[member.name];
      const base = adjusted?.schema ? { ...member, type: 'string' } : member;
      return { ...wireParameter(base), ...adjusted };
    })
    .concat(endpoint.extra ?? []);
}

/** The tags, in the document's order, and the paths each one holds. */
const TAGS: [name: string, paths: RegExp][] = [
  ['files', /^file/],
  ['photos', /^(albums|photos?)$/],
  ['channel', /^channel/],
  ['network', /^network/],
  ['items', /^item/],
  ['groups', /^group/],
  ['xchan', /^xchan$/],
  ['connections', /^(abook|abconfig|perm_allowed)$/],
  ['hub', /^version$/],
];

function tagOf(path: string): string {
  const tag = TAGS.find(([, paths]) => paths.test(path));
  if (!tag) throw new Error(`openapi: no tag holds ${path} (scripts/openapi/native.ts)`);
  return tag[0];
}

const HUB_FALSE: JsonSchema = {
  description: 'The JSON `false`: not found, or no permission (see the operation).',
  const: false,
};

const HUB_UNSUCCESSFUL: JsonSchema = {
  description:
    '`{success: false, message}`: a failure with its reason, or, without a message, what the operation says (not found, or "nothing").',
  type: 'object',
  required: ['success'],
  properties: { success: { enum: [false, 0, '0'] }, message: { type: 'string' } },
};

const CHANNEL_PARAMETER: JsonSchema = {
  name: 'channel',
  in: 'query',
  required: false,
  description:
    "Another channel of the signed-in account (its nickname) to act as. Another account's channel answers an empty 200. The SDK's `channel` client option.",
  schema: { type: 'string' },
};

const RESPONSES: Record<string, JsonSchema> = {
  Unauthorized: {
    description:
      'No or wrong credentials, or an invalid or expired OAuth token: body `This api requires login` (status line sometimes `HTTP/1.0`). The SDK: `AuthenticationError`.',
    headers: {
      'WWW-Authenticate': { description: '`Basic realm="hubzilla"`', schema: { type: 'string' } },
    },
    content: { 'text/html': { schema: { type: 'string' } } },
  },
  PhpError: {
    description: "An uncaught PHP error, with PHP's error text. It recurs on every attempt: do not retry.",
    content: { 'text/html': { schema: { type: 'string' } } },
  },
};

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  basic: {
    type: 'http',
    scheme: 'basic',
    description:
      "The user is a channel nickname or the account's e-mail (`nick@host` fails). The hub splits `Basic` credentials at EVERY `:`, so a password with a colon fails; the lower-case scheme `basic` falls back to PHP's parser, which splits at the first colon (the SDK sends `basic` for such passwords).",
  },
  oauth2: {
    type: 'oauth2',
    description:
      'OAuth 2.0 Bearer tokens of the hub (`/.well-known/oauth-authorization-server`). No refresh tokens; an invalid or expired token gets the same 401 as a wrong password. The authorization-code flow (with PKCE) is HTTP 500 on a stock 8.8.7: the bundled OAuth library writes `code_challenge` columns the schema lacks.',
    flows: {
      clientCredentials: { tokenUrl: '/token', scopes: {} },
      authorizationCode: { authorizationUrl: '/authorize', tokenUrl: '/token', scopes: {} },
    },
  },
  httpSignature: {
    type: 'http',
    scheme: 'Signature',
    description:
      'HTTP Signatures (draft-cavage) made with the channel\'s RSA key: `Authorization: Signature keyId="…",algorithm="rsa-sha256",headers="(request-target) host date",signature="…"`. `(request-target)` includes the query. The hub checks `Date` only when it is signed and never checks `Digest`.',
  },
};
