import type { BodyContext, Step } from '../support/scripted-server.js';

/* The building blocks of the fault table's server scripts. */

/** An Apache/PHP error page that, like real debug output, quotes the request and its credentials. */
export const page = (status: number) => (context: BodyContext) =>
  `<html><head><title>${status}</title></head><body><h1>Error ${status}</h1><p>${context.echo}</p></body></html>`;

export const answer = (
  status: number,
  body: (context: BodyContext) => string,
  headers?: () => Record<string, string>,
): Step => ({
  kind: 'answer',
  status,
  body,
  ...(headers ? { headers } : {}),
});
export const failure = (status: number, headers?: () => Record<string, string>) =>
  answer(status, page(status), headers);
export const ok = answer(200, ({ ok }) => ok);
export const retryAfter = (value: () => string) => () => ({ 'Retry-After': value() });

/** `json` with every scalar (string, number, boolean, null) replaced by `leaf(scalar)`. */
export function mapLeaves(json: string, leaf: (value: unknown) => unknown): string {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, walk(entry)]));
    return leaf(value);
  };
  return JSON.stringify(walk(JSON.parse(json)));
}

/** The real answer with every scalar wrapped in a list: valid JSON, wrong types everywhere. */
export const wrongTypes = (json: string): string => mapLeaves(json, (value) => [value]);

export const NOTICE = (context: BodyContext) =>
  `<br />\n<b>Notice</b>:  Undefined index: page in /var/www/module/api.php on line 42 (${context.echo})<br />\n`;

/**
 * 1 MiB of lines that each look like the start of a JSON document: a search that tried every
 * candidate start would parse the rest of the body once per line.
 */
export const ARRAY_LINES = '[1,2,3,\n'.repeat(128 * 1024);
