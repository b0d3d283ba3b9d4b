import fc from 'fast-check';

/** A page's request as fields, so that it can be spelt again (or attacked) field by field. */
export interface PageRequest {
  method: string;
  path: string;
  query: [string, string][];
  body: { kind: 'none' | 'form' | 'multipart'; fields: [string, string | File][] };
}

/** The request a page's client sent, as fields. */
export async function pageRequest(request: Request): Promise<PageRequest> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  const body: PageRequest['body'] = { kind: 'none', fields: [] };
  if (type.startsWith('application/x-www-form-urlencoded')) {
    body.kind = 'form';
    body.fields = [...new URLSearchParams(await request.text())];
  } else if (type.startsWith('multipart/form-data')) {
    body.kind = 'multipart';
    body.fields = [...(await request.formData())] as [string, string | File][];
  }
  return { method: request.method, path: url.pathname, query: [...url.searchParams], body };
}

/** Form encoding of one name or value: `encodeURIComponent`, a space as `+`. */
const form = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/** `name` with its first character percent-encoded: the same name to every parser. */
const encodedFirst = (name: string) =>
  `%${(name.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(2, '0')}${form(name.slice(1))}`;

/** The page's request again, on `origin`; `encode` names the field (by index over query + body) spelt with `encodedFirst`. */
export function toRequest(page: PageRequest, origin: string, encode?: number): Request {
  const pair = ([name, value]: [string, string], index: number) =>
    `${index === encode ? encodedFirst(name) : form(name)}=${form(value)}`;
  const query = page.query.map(pair).join('&');
  const url = `${origin}${page.path}${query === '' ? '' : `?${query}`}`;
  if (page.body.kind === 'none') return new Request(url, { method: page.method });
  if (page.body.kind === 'form') {
    const text = page.body.fields
      .map((field, index) => pair(field as [string, string], index + page.query.length))
      .join('&');
    return new Request(url, {
      method: page.method,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: text,
    });
  }
  const data = new FormData();
  for (const [name, value] of page.body.fields) data.append(name, value);
  return new Request(url, { method: page.method, body: data });
}

/** What a hostile page does to the request the SDK built. Each one changes what PHP reads, or where. */
export type Attack =
  | { kind: 'respell'; at: number; how: 'space' | 'dot' | 'nul' | 'open' | 'brackets' }
  | { kind: 'duplicate'; at: number; same: boolean }
  | { kind: 'move'; at: number }
  | { kind: 'extra'; where: 'query' | 'body'; name: string; value: string }
  | { kind: 'array'; at: number };

/** Names PHP or the applications read as something the relay sets or routes by. */
const HOSTILE_NAMES = [
  'do',
  'q',
  'token',
  'method',
  'channel',
  ' method',
  'method\0x',
  'token.',
  ' channel',
  'channel[]',
  'q[]',
  'dropitems[]',
  'user_id[x]',
  'api_key',
];

export const attack: fc.Arbitrary<Attack> = fc.oneof(
  fc.record({
    kind: fc.constant('respell' as const),
    at: fc.nat(),
    how: fc.constantFrom(
      'space' as const,
      'dot' as const,
      'nul' as const,
      'open' as const,
      'brackets' as const,
    ),
  }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), same: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('extra' as const),
    where: fc.constantFrom('query' as const, 'body' as const),
    name: fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.stringMatching(/^[a-z_ .[\]]{1,8}$/)),
    value: fc.constantFrom('1', 'mail.getNewCount', 'api/z/1.0/channel/export/basic', '/api/method_x.y/'),
  }),
  fc.record({ kind: fc.constant('array' as const), at: fc.nat() }),
);

/** The hub's ACL fields take a text or a list: both spellings are what the SDK sends. */
const TEXT_OR_LIST = new Set(['contact_allow', 'group_allow', 'contact_deny', 'group_deny']);

const RESPELL: Record<Extract<Attack, { kind: 'respell' }>['how'], (name: string) => string> = {
  space: (name) => ` ${name}`,
  dot: (name) => (name.includes('_') ? name.replace('_', '.') : `${name}.`),
  nul: (name) => `${name}\0x`,
  open: (name) => `${name}[`,
  brackets: (name) => (name.endsWith('[]') ? `${name.slice(0, -2)}[ ]` : `${name}[0]`),
};

/**
 * The page request with `attack` applied; `undefined` when the attack does not apply to it (no field
 * to respell, a list field to duplicate). A GET that gets a body becomes a POST (which the relay
 * refuses for a read).
 */
export function attacked(page: PageRequest, attack: Attack): PageRequest | undefined {
  const query = [...page.query];
  const body = { kind: page.body.kind, fields: [...page.body.fields] };
  const method = page.method;
  const all = [
    ...query.map((field) => ({ where: 'query' as const, field })),
    ...body.fields.map((field) => ({ where: 'body' as const, field })),
  ];
  const next = (changed: Partial<PageRequest>): PageRequest => ({
    method,
    path: page.path,
    query,
    body,
    ...changed,
  });
  const withBody = () => (body.kind === 'none' ? { kind: 'form' as const, fields: body.fields } : body);
  if (attack.kind === 'extra') {
    if (attack.where === 'query') return next({ query: [...query, [attack.name, attack.value]] });
    const into = withBody();
    return next({ method: 'POST', body: { ...into, fields: [...into.fields, [attack.name, attack.value]] } });
  }
  if (all.length === 0) return undefined;
  const chosen = all[attack.at % all.length] as (typeof all)[number];
  const list = chosen.where === 'query' ? query : body.fields;
  const index = list.indexOf(chosen.field as never);
  const [name, value] = chosen.field;
  if (attack.kind === 'respell') {
    list[index] = [RESPELL[attack.how](name), value] as never;
    return next({});
  }
  if (attack.kind === 'array') {
    if (name.endsWith('[]') || TEXT_OR_LIST.has(name) || value instanceof File) return undefined;
    list[index] = [`${name}[]`, value] as never;
    return next({});
  }
  if (attack.kind === 'duplicate') {
    if (name.endsWith('[]')) return undefined;
    list.push([name, attack.same || value instanceof File ? value : `${value}1`] as never);
    return next({});
  }
  // move: to the other place.
  if (value instanceof File) return undefined;
  list.splice(index, 1);
  if (chosen.where === 'body') return next({ query: [...query, [name, value]] });
  const into = withBody();
  return next({ method: 'POST', body: { ...into, fields: [...into.fields, [name, value]] } });
}
