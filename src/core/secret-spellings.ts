/**
 * Every way a server can write a secret back: raw; percent-encoded (encodeURIComponent, or form
 * encoding with `+` for a space) in either letter case; JSON-escaped as PHP's `json_encode` does it
 * (`/` as `\/`, non-ASCII and control characters as `\uXXXX` in either letter case); and, for the
 * Basic credentials, whatever the caller adds (`user:pass` and its base64), spelled the same ways.
 *
 * The result is a regular expression source: percent and `\u` escapes match in any letter case, and
 * the alternatives are longest first, so an encoded form is never half-replaced through a shorter one.
 */
export function secretPattern(secrets: readonly string[]): string | undefined {
  const spellings = new Set<string>();
  for (const secret of secrets) {
    for (const base of [secret, encodeURIComponent(secret), formEncoded(secret)]) {
      spellings.add(base);
      spellings.add(jsonEscaped(base));
      spellings.add(phpJsonEscaped(base));
    }
  }
  if (spellings.size === 0) return undefined;
  return [...spellings]
    .sort((a, b) => b.length - a.length)
    .map(caseInsensitiveEscapes)
    .join('|');
}

function formEncoded(secret: string): string {
  return new URLSearchParams({ s: secret }).toString().slice(2);
}

/** JSON.stringify's escaping, without the quotes. */
function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** PHP's `json_encode` default: `/` as `\/`, everything outside ASCII as `\uXXXX` (surrogate pairs). */
function phpJsonEscaped(text: string): string {
  let result = '';
  for (const char of jsonEscaped(text).replaceAll('/', '\\/')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) {
      result += char;
      continue;
    }
    for (let index = 0; index < char.length; index++) {
      result += `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`;
    }
  }
  return result;
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

/** The spelling as a regex source where `%2b`/`%2B` and `\u00e9`/`\u00E9` both match. */
function caseInsensitiveEscapes(spelling: string): string {
  return spelling
    .split(/(%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4})/)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(REGEX_SPECIAL, '\\$&');
      const hex = part.startsWith('%') ? part.slice(1) : part.slice(2);
      const prefix = part.startsWith('%') ? '%' : '\\\\u';
      return (
        prefix +
        [...hex]
          .map((digit) => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit))
          .join('')
      );
    })
    .join('');
}
