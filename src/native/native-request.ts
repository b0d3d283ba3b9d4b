import { type Fields, formBody } from '../core/request/query.js';
import { sdkFieldsFirst } from '../core/request/sdk-fields.js';

/** Where the Native channel API hangs below the site root. */
export const API_PATH = 'api/z/1.0/';

/**
 * The request of one Native API call, as every `NativeClient` call and the relay build it: the
 * `channel` switch first (and the `message_id` of a new item after it), so that it is never a field
 * PHP's `max_input_vars` cuts, and no caller's field PHP reads as `channel` (see `sdkFieldsFirst`);
 * a read as `GET api/z/1.0/<path>?<query>`, a write as `POST` with the fields urlencoded, or
 * multipart when a file is attached.
 */
export function nativeRequest(
  method: 'GET' | 'POST',
  path: string,
  fields: Fields,
  channel: string | undefined,
  files: Record<string, Blob | undefined> = {},
) {
  const sdk: Fields = {};
  if (channel !== undefined) sdk.channel = channel;
  if (fields.message_id !== undefined) sdk.message_id = fields.message_id;
  const ordered =
    channel === undefined && sdk.message_id === undefined ? fields : sdkFieldsFirst(sdk, fields);
  return method === 'GET'
    ? { method, path: API_PATH + path, query: ordered }
    : { method, path: API_PATH + path, body: formBody(ordered, files) };
}
