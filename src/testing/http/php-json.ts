/**
 * JSON as PHP's `json_encode` writes it with default flags, which both servers use: `/` is escaped
 * as `\/` and every non-ASCII character as a `\uXXXX` escape (UTF-16 code units).
 */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('/', '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
