import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COMMA, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-codes.js';

/** An object being read: its keys so far, and whether the next string is a key. */
interface ObjectFrame {
  keys: Set<string>;
  expectKey: boolean;
}

/**
 * The first key that appears twice in one object of `json` (a valid JSON document), compared as
 * `JSON.parse` reads keys (`"con\u0074ent"` is `"content"`), or `undefined`. One pass, linear in
 * the text; memory in the keys of the open objects.
 */
export function duplicateKey(json: string): string | undefined {
  // `null` for an array: only objects have keys.
  const open: (ObjectFrame | null)[] = [];
  for (let at = 0; at < json.length; at++) {
    const code = json.charCodeAt(at);
    if (code === QUOTE) {
      const end = stringEnd(json, at);
      const frame = open.at(-1);
      if (frame?.expectKey) {
        const raw = json.slice(at + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(json.slice(at, end + 1)) as string) : raw;
        if (frame.keys.has(key)) return key;
        frame.keys.add(key);
        frame.expectKey = false;
      }
      at = end;
    } else if (code === OPEN_OBJECT) open.push({ keys: new Set(), expectKey: true });
    else if (code === OPEN_ARRAY) open.push(null);
    else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) open.pop();
    else if (code === COMMA) {
      const frame = open.at(-1);
      if (frame) frame.expectKey = true;
    }
  }
  return undefined;
}

/** The position of the quote that closes the string opening at `start`. */
function stringEnd(json: string, start: number): number {
  for (let at = start + 1; at < json.length; at++) {
    const code = json.charCodeAt(at);
    if (code === BACKSLASH) at++;
    else if (code === QUOTE) return at;
  }
  return json.length;
}
