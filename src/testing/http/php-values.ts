/*
 * How PHP reads and writes request values, where the OAuth library's answers depend on it.
 */

/** PHP's truthiness of a request value: unset, `''` and `'0'` are false. */
export function phpTruthy(value: string | undefined): value is string {
  return value !== undefined && value !== '' && value !== '0';
}

/** PHP's `urlencode`: letters, digits and `-_.` stay; a space is `+`; everything else `%XX`. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');
}

/** PHP's `urldecode` (`+` is a space), close enough to compare URIs: broken escapes stay as they are. */
export function phpUrldecode(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** PHP's `http_build_query` of flat parameters: `null` values are left out. */
export function httpBuildQuery(parameters: Readonly<Record<string, string | number | null>>): string {
  return Object.entries(parameters)
    .filter((entry): entry is [string, string | number] => entry[1] !== null)
    .map(([name, value]) => `${phpUrlencode(name)}=${phpUrlencode(String(value))}`)
    .join('&');
}
