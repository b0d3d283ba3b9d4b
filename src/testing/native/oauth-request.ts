import { phpBase64Decode } from '../http/base64.js';

/** What a client sends to prove who it is: the id, and the secret (missing for a public client). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string | undefined;
}

/**
 * The OAuth library's `$request->request()`: the form fields of a POST (PHP's `$_POST`, from a
 * urlencoded or multipart body), a urlencoded PUT or DELETE body, or the members of a JSON body
 * (`Content-Type` starting with `application/json`, POST, PUT or DELETE). Never the query.
 */
export async function readOAuthFields(request: Request): Promise<Map<string, string>> {
  const fields = new Map<string, string>();
  const method = request.method.toUpperCase();
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.startsWith('application/json') && ['POST', 'PUT', 'DELETE'].includes(method)) {
      const data: unknown = JSON.parse(await request.text());
      if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
        for (const [name, value] of Object.entries(data)) {
          const text = phpString(value);
          if (text !== undefined) fields.set(name, text);
        }
      }
    } else if (type.toLowerCase().startsWith('application/x-www-form-urlencoded') && method !== 'GET') {
      for (const [name, value] of new URLSearchParams(await request.text())) fields.set(name, value);
    } else if (type.toLowerCase().startsWith('multipart/form-data') && method === 'POST') {
      for (const [name, value] of await request.formData())
        if (typeof value === 'string') fields.set(name, value);
    }
  } catch {
    // A body PHP cannot read gives no fields.
  }
  return fields;
}

/** A JSON scalar as PHP compares it with a string; `null`, arrays and objects count as unset. */
function phpString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  return undefined;
}

/**
 * The client credentials of a `/token` request. Hubzilla's Token module decodes any
 * `Authorization` header from its seventh character on as base64 and splits it at every `:`
 * (the first two parts count), so Basic credentials win over the body; only without them do the
 * body's `client_id` and `client_secret` count.
 */
export function clientCredentials(
  request: Request,
  fields: Map<string, string>,
): ClientCredentials | undefined {
  const header = request.headers.get('authorization');
  if (header) {
    const decoded = new TextDecoder().decode(phpBase64Decode(header.slice(6)));
    if (decoded !== '') {
      const [clientId = '', clientSecret = ''] = decoded.split(':');
      return { clientId, clientSecret };
    }
  }
  const clientId = fields.get('client_id');
  return clientId === undefined ? undefined : { clientId, clientSecret: fields.get('client_secret') };
}
