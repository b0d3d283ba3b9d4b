import type { Redactor } from '../core/secrets/redact.js';

/**
 * A JSON string of 4 KiB or more written only in base64's alphabet (with PHP's `\/`): file content
 * (`filedata`, `file`, `photo`), not text. A secret of four letters would be found in megabytes of
 * base64 by chance, and replacing it would corrupt the file; a secret the server writes back is
 * text among text, never glued inside such a run.
 */
const BASE64_RUN = /"(?:[A-Za-z0-9+=]|\\\/|\/){4096,}"/g;

/** `text` with every secret replaced by each redactor, base64 payloads left as they are. */
export function redactBody(text: string, redactors: readonly Redactor[]): string {
  const scrub = (piece: string) => redactors.reduce((out, redactor) => redactor.text(out), piece);
  let result = '';
  let from = 0;
  BASE64_RUN.lastIndex = 0;
  for (let run = BASE64_RUN.exec(text); run !== null; run = BASE64_RUN.exec(text)) {
    result += scrub(text.slice(from, run.index)) + run[0];
    from = run.index + run[0].length;
  }
  return result + scrub(text.slice(from));
}
