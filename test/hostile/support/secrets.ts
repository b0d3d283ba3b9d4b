import { inspect } from 'node:util';

/*
 * Credentials made of distinctive strings, with every character that encodings treat specially
 * (`+`, `/`, `=`, `:`), so a leak in any form (raw, URL-encoded, form-encoded, inside Basic) is
 * recognisable, even in part.
 */
export const TOKEN = 'Tk+Zanzibar/Quetzal=Wombat:91==';
export const KEY = 'Ky+Marzipan/Xylophone=Kumquat:7=';
export const USERNAME = 'alice';
export const PASSWORD = 'Pw+Fjord/Glockenspiel=Yurt:3=';

/** Every form in which a secret could travel or be echoed back. */
export const SECRET_FORMS: readonly string[] = [TOKEN, KEY, PASSWORD].flatMap((secret) => [
  secret,
  encodeURIComponent(secret),
  new URLSearchParams({ s: secret }).toString().slice(2),
  btoa(secret),
]);
const BASIC = btoa(`${USERNAME}:${PASSWORD}`);
const ALL_FORMS = [...SECRET_FORMS, BASIC, `${USERNAME}:${PASSWORD}`];

/**
 * Shorter than any form, longer than any ordinary word: a fragment this long found anywhere means
 * (part of) a secret leaked, e.g. through a snippet cut in the middle of one.
 */
const FRAGMENT = 9;
const FRAGMENTS = [
  ...new Set(
    ALL_FORMS.flatMap((form) =>
      Array.from({ length: form.length - FRAGMENT + 1 }, (_, at) => form.slice(at, at + FRAGMENT)),
    ),
  ),
];

/** The fragments of secrets found in `text` (none, one hopes). */
export function leaksIn(text: string): string[] {
  return FRAGMENTS.filter((fragment) => text.includes(fragment));
}

/** Everything a user could print of an error: message, stack, string forms, the whole `cause` chain. */
export function renderings(error: unknown): string {
  const parts: string[] = [inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true })];
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 10; depth++) {
    if (current instanceof Error) {
      parts.push(String(current), current.message, current.stack ?? '', safeJson(current));
      parts.push(safeJson({ ...current }));
      current = current.cause;
    } else {
      parts.push(String(current), safeJson(current));
      current = undefined;
    }
  }
  return parts.join('\n');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch (error) {
    return `unserializable: ${String(error)}`;
  }
}

/** The credentials a request carried, decoded, as a server sees them. */
export function credentialsOf(rawUrl: string, authorization: string | undefined): string[] {
  const query = new URL(rawUrl, 'http://echo.invalid').searchParams;
  const basic = authorization?.replace(/^basic /i, '') ?? '';
  let pair = '';
  try {
    pair = atob(basic);
  } catch {
    pair = '';
  }
  return [query.get('token'), query.get('key'), pair, pair.slice(pair.indexOf(':') + 1)].filter(
    (value): value is string => Boolean(value),
  );
}

/** What the scripted server writes into its error pages: the request and its credentials, as PHP debug output would. */
export function echoOf(rawUrl: string, authorization: string | undefined): string {
  return [
    `REQUEST_URI=${rawUrl}`,
    `HTTP_AUTHORIZATION=${authorization ?? ''}`,
    ...credentialsOf(rawUrl, authorization).map((value) => `PARAM=${value}`),
  ].join(' ');
}
