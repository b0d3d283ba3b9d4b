import { type Fields, formBody } from '../core/request/query.js';

/** Where the Native channel API hangs below the site root. */
export const API_PATH = 'api/z/1.0/';

/**
 * The request of one Native API call, as every `NativeClient` call and the relay build it: the
 * `channel` switch added last (no field replaces it); a read as `GET api/z/1.0/<path>?<query>`, a
 * write as `POST` with the fields urlencoded, or multipart when a file is attached.
 */
export function nativeRequest(
  method: 'GET' | 'POST',
  path: string,
  fields: Fields,
  channel: string | undefined,
  files: Record<string, Blob | undefined> = {},
) {
  const withChannel = channel === undefined ? fields : { ...fields, channel };
  return method === 'GET'
    ? { method, path: API_PATH + path, query: withChannel }
    : { method, path: API_PATH + path, body: formBody(withChannel, files) };
}
