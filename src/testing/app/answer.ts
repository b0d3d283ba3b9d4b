import { phpJson } from '../http/php-json.js';
import type { Runtime } from '../runtime.js';

/** What a method returns: its `output` and, for lists and counts, `api.total`. */
export interface MethodResult {
  output: unknown;
  total?: number | undefined;
}

/** The PHP notice that real deployments print before the JSON (display_errors on). */
export const PHP_NOTICE =
  '<br />\n<b>Notice</b>:  Undefined index: foo in <b>/var/www/include/x.php</b> on line <b>12</b><br />\n';

/**
 * An Application API answer: HTTP 200 (a PHP fatal error aside) and `text/html`, with the
 * configured junk in front.
 */
export function phpfoxResponse(runtime: Runtime, body: string, status = 200): Response {
  const prefix = runtime.options.bodyPrefix;
  const bom = prefix === 'bom' || prefix === 'both' ? '\ufeff' : '';
  const notice = prefix === 'notice' || prefix === 'both' ? PHP_NOTICE : '';
  return new Response(`${bom}${notice}${body}`, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

/** The envelope `{api, output}` in the configured phpFox version's shape. */
export function envelopeResponse(
  runtime: Runtime,
  result: MethodResult,
  rawPage: string | undefined,
): Response {
  const total = result.total ?? 0;
  const api =
    runtime.options.envelope !== '3.0'
      ? { total, current_page: rawPage ?? '' }
      : { total, pages: 0, current_page: 0 };
  return phpfoxResponse(runtime, phpJson({ api, output: result.output }));
}

/** An envelope-level failure (bad token, unknown method…): `output: {error_id, error_message}`. */
export function envelopeError(
  runtime: Runtime,
  errorId: string,
  message: string,
  rawPage?: string,
): Response {
  return envelopeResponse(runtime, { output: { error_id: errorId, error_message: message } }, rawPage);
}

/**
 * A failure inside a method: `{error: true, error_id, error_message}`; 3.5 leaves out `error_id`
 * (3.9 has it again: seen live for `user.user_cannot_be_found` and `photo.photo_add_photo_load`).
 */
export function methodError(runtime: Runtime, errorId: string, message: string): MethodResult {
  const output =
    runtime.options.envelope === '3.5'
      ? { error: true, error_message: message }
      : { error: true, error_id: errorId, error_message: message };
  return { output };
}
