/*
 * The ways a server can write a secret back, as small encoders that compose (a PHP page can
 * percent-encode twice, `\u`-escape the result and put it through `htmlspecialchars`). Tests build
 * spellings from these instead of listing them, so a new encoder is tried against every client
 * and every place an error or a log line can show.
 */

export type Encoder = (text: string) => string;

const hex4 = (code: number) => code.toString(16).padStart(4, '0');
const everyUnit = (text: string, write: (code: number) => string) =>
  Array.from({ length: text.length }, (_, index) => write(text.charCodeAt(index))).join('');

/** PHP's `json_encode` default: `/` as `\/`, everything outside ASCII as `\uXXXX`. */
function phpJson(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replaceAll('/', '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${hex4(char.charCodeAt(0))}`);
}

const PHP_HEX_FLAGS: Record<string, string> = {
  '<': '\\u003C',
  '>': '\\u003E',
  '&': '\\u0026',
  "'": '\\u0027',
  '"': '\\u0022',
};

function chunks(text: string, size: number): string[] {
  return Array.from({ length: Math.ceil(text.length / size) }, (_, index) =>
    text.slice(index * size, (index + 1) * size),
  );
}

/** Whitespace layouts: where a server puts line breaks or spaces into a value (PEM, MIME base64). Applied first. */
export const LAYOUTS: Record<string, Encoder> = {
  'as is': (text) => text,
  'lines of 64 (PEM)': (text) => chunks(text, 64).join('\n'),
  'lines of 76, CRLF (MIME)': (text) => chunks(text, 76).join('\r\n'),
  'a space every 4': (text) => chunks(text, 4).join(' '),
};

/** Escapes, composable in any order after a layout. */
export const ESCAPES: Record<string, Encoder> = {
  'JSON (JSON.stringify)': (text) => JSON.stringify(text).slice(1, -1),
  'PHP json_encode': phpJson,
  'PHP json_encode, JSON_HEX_*': (text) =>
    Array.from(text, (char) => PHP_HEX_FLAGS[char] ?? phpJson(char)).join(''),
  '\\u every character, lower hex': (text) => everyUnit(text, (code) => `\\u${hex4(code)}`),
  '\\u every character, upper hex': (text) => everyUnit(text, (code) => `\\u${hex4(code).toUpperCase()}`),
  htmlspecialchars: (text) =>
    text
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#039;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;'),
  'HTML decimal entities': (text) => everyUnit(text, (code) => `&#${code};`),
  'HTML hex entities': (text) => everyUnit(text, (code) => `&#x${code.toString(16).toUpperCase()};`),
  'HTML named entities': (text) => text.replace(/[+/=:&<>"]/g, (char) => `&${NAMED[char]};`),
  encodeURIComponent: encodeURIComponent,
  'percent, lower hex': (text) =>
    encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (percent) => percent.toLowerCase()),
  'percent, every byte': (text) =>
    Array.from(new TextEncoder().encode(text), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
  'form-encoded': (text) => new URLSearchParams({ s: text }).toString().slice(2),
  'percent-encoded twice': (text) => encodeURIComponent(encodeURIComponent(text)),
  'URL user info': (text) => {
    const url = new URL('https://hub.example/path');
    url.username = 'alice';
    url.password = text;
    return url.href;
  },
};

const NAMED: Record<string, string> = {
  '+': 'plus',
  '/': 'sol',
  '=': 'equals',
  ':': 'colon',
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
};

/** A layout then escapes, in order: `compose(['lines of 64 (PEM)'], ['PHP json_encode', 'htmlspecialchars'])`. */
export function compose(layout: string, escapes: readonly string[]): Encoder {
  return (text) => escapes.reduce((spelled, name) => ESCAPES[name]!(spelled), LAYOUTS[layout]!(text));
}

/**
 * Every encoder tried by the deterministic tests: each escape alone, each layout alone and under
 * JSON, and the compositions the findings named (percent twice under `\u`, PHP's JSON under HTML).
 */
export function everyEncoder(): Record<string, Encoder> {
  const encoders: Record<string, Encoder> = {};
  for (const name of Object.keys(ESCAPES)) encoders[name] = compose('as is', [name]);
  for (const layout of Object.keys(LAYOUTS)) {
    encoders[layout] = compose(layout, []);
    encoders[`${layout}, PHP json_encode`] = compose(layout, ['PHP json_encode']);
  }
  encoders['percent-encoded twice, then \\u every character'] = compose('as is', [
    'percent-encoded twice',
    '\\u every character, upper hex',
  ]);
  encoders['PHP json_encode, then htmlspecialchars'] = compose('as is', [
    'PHP json_encode',
    'htmlspecialchars',
  ]);
  encoders['URL user info, JSON_HEX_*'] = compose('as is', ['URL user info', 'PHP json_encode, JSON_HEX_*']);
  return encoders;
}

/**
 * The pieces of `encoder(secret)` whose presence means a leak: every 24-character window of it
 * (long enough never to occur by chance in what the SDK writes, short enough to catch a half) that
 * holds some of the secret, i.e. is not also in the spelling of a same-length stand-in (the
 * `https://alice:` an encoder adds around it is no leak).
 */
export function leakMarkers(encoder: Encoder, secret: string): string[] {
  const spelling = encoder(secret);
  const standIn = encoder('Q'.repeat(secret.length));
  const size = 24;
  if (spelling.length <= size) return [spelling];
  const windows = [spelling.slice(-size)];
  for (let at = 0; at + size <= spelling.length; at += 8) windows.push(spelling.slice(at, at + size));
  return windows.filter((window) => !standIn.includes(window));
}
