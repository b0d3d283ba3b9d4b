import type { Redactor, TextSlices } from '../core/secrets/redact.js';

/** A base64 run shorter than this is text, and is scrubbed. */
const MIN_BASE64_RUN = 4096;

/**
 * The relay scrubs an answer window by window and lets other requests run between two: 256 Ki
 * characters cost at most a few tens of ms even written all in escapes (`%41%41…`), where the
 * whole of a 12 MiB answer took seconds. The overlap is far longer than any spelling of the
 * relay's secrets (a token, a password; a private key is found by its form): 32 KiB holds a
 * 2,700-character secret percent-escaped as UTF-8 four times over.
 */
export const ANSWER_SLICES: Omit<TextSlices, 'pause'> = { window: 256 * 1024, overlap: 32 * 1024 };

/** Lets the event loop run other requests (timers and I/O) before the next window. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Whether a character code is in base64's alphabet as PHP writes it in JSON (`\/` aside). */
function isBase64Character(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2b || // +
    code === 0x3d || // =
    code === 0x2f // /
  );
}

/**
 * The JSON strings of `MIN_BASE64_RUN` characters or more written only in base64's alphabet (with
 * PHP's `\/`), as `[from, to)` pairs, quotes included: file content (`filedata`, `file`, `photo`),
 * not text. A secret of four letters would be found in megabytes of base64 by chance, and
 * replacing it would corrupt the file; a secret the server writes back is text among text, never
 * glued inside such a run. One pass over the text, no regular expression (a pattern with an
 * alternation under `{4096,}` recursed once per character and threw "Maximum call stack size
 * exceeded" on a 5 MiB run).
 */
export function base64Runs(text: string): number[] {
  const runs: number[] = [];
  let at = text.indexOf('"');
  while (at !== -1) {
    let index = at + 1;
    let length = 0;
    for (;;) {
      const code = text.charCodeAt(index);
      if (isBase64Character(code)) index += 1;
      else if (code === 0x5c && text.charCodeAt(index + 1) === 0x2f)
        index += 2; // `\/`
      else break;
      length++;
    }
    const closed = text.charCodeAt(index) === 0x22;
    if (closed && length >= MIN_BASE64_RUN) runs.push(at, index + 1);
    // A quote that ends a short string may open the next one; a run's closing quote opens none.
    at = text.indexOf('"', closed && length >= MIN_BASE64_RUN ? index + 1 : index);
  }
  return runs;
}

/**
 * `text` with every secret replaced by each redactor, base64 payloads left as they are. Linear in
 * the text, and cooperative: between two windows (`ANSWER_SLICES`) it waits for `pause` (the next
 * turn of the event loop), so a large hostile answer delays its own page only.
 */
export async function redactBody(
  text: string,
  redactors: readonly Redactor[],
  pause: () => Promise<void> = nextTurn,
): Promise<string> {
  const slices = { ...ANSWER_SLICES, pause };
  const scrub = async (piece: string) => {
    let out = piece;
    for (const redactor of redactors) out = await redactor.textInSlices(out, slices);
    return out;
  };
  const runs = base64Runs(text);
  let result = '';
  let from = 0;
  for (let index = 0; index < runs.length; index += 2) {
    const [start, end] = [runs[index]!, runs[index + 1]!];
    result += (await scrub(text.slice(from, start))) + text.slice(start, end);
    from = end;
  }
  return result + (await scrub(text.slice(from)));
}
