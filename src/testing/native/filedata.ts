import { resetResponse, statusResponse } from '../faults.js';
import { toBase64 } from '../http/base64.js';
import type { HubCall } from './endpoint.js';
import { channelFiles } from './files.js';
import { attachDetail } from './records.js';
import { empty, json, serverError } from './reply.js';

/**
 * filedata: one chunk of a file, as Hubzilla 8.8.7 serves it.
 * - `file_id` is matched with SQL `LIKE '<file_id>%'`: a prefix, and `%` / `_` are wildcards (the
 *   first matching record wins, which can be an unrelated folder).
 * - `length` 0 or missing means "the rest"; PHP 8's `fread` refuses a length <= 0, so a missing
 *   length on a zero-byte file (and a negative length) is an HTTP 500.
 * - A negative `start` is echoed back but reading starts at 0 (`fseek` fails).
 * - `length` in the answer is the number of bytes returned; past the end it is 0 and `content` "".
 */
export async function filedata(call: HubCall): Promise<Response> {
  const fileId = call.params.get('file_id') ?? '';
  if (fileId === '') return empty();
  const pattern = likePattern(`${fileId}%`);
  const found = channelFiles(call)
    .sort((a, b) => a.id - b.id)
    .find((candidate) => pattern.test(candidate.hash));
  if (!found) return empty();
  if (found.is_dir) return json({ attach: attachDetail(found, '') });
  const start = call.params.int('start');
  let length = call.params.int('length');
  if (length === 0) length = found.filesize;
  if (length <= 0) return serverError();

  const fault = call.runtime.faults.forChunk(fileId, start);
  if (fault?.fault === 'error') return statusResponse(fault.status ?? 500, undefined);
  if (fault?.fault === 'short') length = Math.min(length, fault.bytes ?? Math.max(1, Math.floor(length / 2)));

  const from = start < 0 ? 0 : start;
  const bytes = found.content().subarray(from, from + length);
  const answer = json({ attach: { ...attachDetail(found, toBase64(bytes)), start, length: bytes.length } });
  return fault?.fault === 'reset' ? resetResponse(answer, undefined) : answer;
}

/** An SQL `LIKE` pattern (`%` any run, `_` any one character, `\` escapes) as an anchored RegExp. */
export function likePattern(like: string): RegExp {
  let source = '';
  for (let index = 0; index < like.length; index++) {
    const char = like[index] ?? '';
    if (char === '\\' && index + 1 < like.length) source += escapeRegExp(like[++index] ?? '');
    else if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 's');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
