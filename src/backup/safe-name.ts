import { createHash } from 'node:crypto';

/**
 * Local names for the hub's file and folder names: whatever the hub sends, the result is ONE path
 * component that every common file system (ext4, APFS, NTFS, FAT) accepts and that cannot climb out
 * of its folder. The rules, in order (docs/backup.md lists them for users):
 *
 * 1. Unicode NFC; unpaired surrogates become U+FFFD.
 * 2. Control characters (U+0000–U+001F, U+007F), bidirectional overrides (U+202A–U+202E,
 *    U+2066–U+2069) and `/ \ : * ? " < > |` become `_`.
 * 3. A run of dots and spaces at the end becomes one `_` (Windows drops them), so `.` and `..` are
 *    `_`; an empty name is `_`.
 * 4. A Windows device name (`CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9`, also with an
 *    extension, any case) gets a `_` in front.
 * 5. A name that looks like a partial download (`.<name>.part`, `.<name>.part.json`) gets a `_` at
 *    the end, so it never collides with one.
 * 6. Longer than {@link MAX_NAME_BYTES} bytes of UTF-8: the stem is cut (on a character boundary)
 *    and `~` plus 8 hex digits of the original name's SHA-256 go before the extension.
 *
 * Names equal after rules 1–6 and case folding share a folder through {@link FolderNames}.
 */
export const MAX_NAME_BYTES = 200;

/** Longest extension kept whole when a name is cut or tagged. */
const MAX_EXTENSION_BYTES = 16;
const WINDOWS_FORBIDDEN = new Set(['/', '\\', ':', '*', '?', '"', '<', '>', '|']);
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const LOOKS_PARTIAL = /^\..*\.part(\.json)?$/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One hub name as a safe local path component (see the rules above). Safe names are fixed points. */
export function safeName(name: string): string {
  let safe = '';
  for (const char of name.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC')) {
    safe += isForbidden(char) ? '_' : char;
  }
  safe = safe.replace(/[. ]+$/, '_') || '_';
  const stem = safe.split('.')[0]?.replace(/ +$/, '') ?? '';
  if (DEVICE_NAME.test(stem)) safe = `_${safe}`;
  if (LOOKS_PARTIAL.test(safe)) safe = `${safe}_`;
  return fitted(safe, name);
}

/** `name` with `~tag` before its extension (`a.txt` → `a~1f2e.txt`), cut to fit when needed. */
export function taggedName(name: string, tag: string): string {
  const [stem, extension] = splitExtension(name);
  return fitted(`${stem}~${tag}${extension}`, name, `~${tag}`);
}

/** What two names are the same file as on a case-insensitive, normalization-insensitive disk. */
export function nameKey(name: string): string {
  return name.normalize('NFC').toUpperCase().toLowerCase();
}

/** The names taken in one local folder, compared as {@link nameKey}s. */
export class FolderNames {
  readonly #taken = new Set<string>();

  /** Takes `name` when no name with the same key is taken yet. */
  claim(name: string): boolean {
    const key = nameKey(name);
    if (this.#taken.has(key)) return false;
    this.#taken.add(key);
    return true;
  }

  /**
   * `preferred` if free, else `preferred` tagged with the start of `id` (longer and longer), else with
   * a counter: always a name no other entry of the folder has.
   */
  allocate(preferred: string, id: string): string {
    if (this.claim(preferred)) return preferred;
    const tag = id.replace(/[^0-9A-Za-z]/g, '').toLowerCase() || 'x';
    for (let length = Math.min(8, tag.length); length <= tag.length; length += 4) {
      const name = taggedName(preferred, tag.slice(0, length));
      if (this.claim(name)) return name;
      if (length === tag.length) break;
    }
    for (let counter = 2; ; counter++) {
      const name = taggedName(preferred, `${tag.slice(0, 8)}-${counter}`);
      if (this.claim(name)) return name;
    }
  }
}

function isForbidden(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    code < 0x20 ||
    code === 0x7f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    WINDOWS_FORBIDDEN.has(char)
  );
}

/** `[stem, extension]`, the extension with its dot, only when short and not the whole name. */
function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || utf8Length(name.slice(dot)) > MAX_EXTENSION_BYTES) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/**
 * `name` if it fits in {@link MAX_NAME_BYTES}, else its stem cut so that `~<hash of original>` and
 * the extension fit (`keep`, a tag already in the stem, stays whole at the cut's end).
 */
function fitted(name: string, original: string, keep = ''): string {
  if (utf8Length(name) <= MAX_NAME_BYTES) return name;
  const [stem, extension] = splitExtension(name);
  const bare = keep && stem.endsWith(keep) ? stem.slice(0, -keep.length) : stem;
  const hash = `~${createHash('sha256').update(original).digest('hex').slice(0, 8)}`;
  const room = MAX_NAME_BYTES - utf8Length(hash + keep + extension);
  return `${cutToBytes(bare, room)}${hash}${keep}${extension}`;
}

function cutToBytes(text: string, bytes: number): string {
  let result = '';
  let used = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (used + size > bytes) break;
    result += char;
    used += size;
  }
  return result;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
