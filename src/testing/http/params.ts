import {
  type PhpArray,
  type PhpValue,
  phpFields,
  phpMerge,
  phpTrimAll,
  registerPhpVariable,
} from './php-vars.js';
import { phpfoxUrlParams } from './phpfox-url-params.js';

/** Which application reads the request: they build their parameters from PHP's differently. */
export type PhpApplication = 'hubzilla' | 'phpfox';

/**
 * The request parameters as the application reads them, from what PHP makes of the request: field
 * names as PHP reads them (` method` and `method%00x` are `method`, `a.b` is `a_b`, `a[]` an array),
 * the query (`$_GET`), then the form fields of a urlencoded or multipart body (`$_POST`), which win.
 * Other bodies (JSON) are ignored, as PHP ignores them. Hubzilla reads `$_REQUEST` (arrays of both
 * merged); phpFox `array_merge($_GET, $_POST, $_FILES, <the do= parameters>)`, every value trimmed,
 * so `do=/api/method_x.y/` sets `method`.
 */
export class Params {
  private values: PhpArray = new Map();
  private readonly uploads: Map<string, File | PhpArray> = new Map();
  /** PHP's `$_POST`, for rules that tell the body from the query. */
  private body: PhpArray = new Map();

  static async read(request: Request, application: PhpApplication = 'hubzilla'): Promise<Params> {
    const params = new Params();
    const query = phpFields(new URL(request.url).search.slice(1));
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null) {
      await params.readBody(request);
    }
    if (application === 'hubzilla') {
      params.values = phpMerge(phpMerge(new Map(), query), params.body);
      return params;
    }
    const route = query.get('do');
    // `$_FILES` entries are arrays (`name`, `type`, `tmp_name`, …) to phpFox.
    const files = [...params.uploads.keys()].map((name): [string, PhpValue] => [
      name,
      new Map([['name', name]]),
    ]);
    const merged: PhpArray = new Map([...query, ...params.body, ...files]);
    if (typeof route === 'string')
      for (const [name, value] of phpfoxUrlParams(route)) merged.set(name, value);
    params.values = phpTrimAll(merged) as PhpArray;
    return params;
  }

  private async readBody(request: Request): Promise<void> {
    const type = (request.headers.get('content-type') ?? '').toLowerCase();
    try {
      if (type.startsWith('application/x-www-form-urlencoded')) {
        this.body = phpFields(await request.text());
      } else if (type.startsWith('multipart/form-data')) {
        for (const [name, value] of await request.formData()) {
          if (typeof value === 'string') registerPhpVariable(this.body, name, value);
          else registerPhpVariable(this.uploads, name, value);
        }
      }
    } catch {
      // A malformed body reads as no fields, as PHP would.
    }
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Whether the body (not only the query) carried `name`. */
  inBody(name: string): boolean {
    return this.body.has(name);
  }

  /** The text value; an array reads as PHP's `"Array"`. */
  get(name: string): string | undefined {
    const value = this.values.get(name);
    return value instanceof Map ? 'Array' : value;
  }

  /** A list field: an array's text values, or a comma-separated text split (empty parts dropped). */
  list(name: string): string[] {
    const value = this.values.get(name);
    if (value === undefined) return [];
    const parts =
      value instanceof Map
        ? [...value.values()].filter((part): part is string => typeof part === 'string')
        : value.split(',');
    return parts.map((part) => part.trim()).filter((part) => part !== '');
  }

  /** PHP's `(int)`: leading integer digits, else 0; an array is 1 when it holds anything. */
  int(name: string): number {
    const value = this.values.get(name);
    if (value instanceof Map) return value.size > 0 ? 1 : 0;
    return phpIntval(value);
  }

  /** An uploaded file part (`$_FILES`). */
  file(name: string): File | undefined {
    const upload = this.uploads.get(name);
    return upload instanceof File ? upload : undefined;
  }
}

/** PHP's `intval` of a request value: the leading optionally signed integer, 0 otherwise. */
export function phpIntval(value: string | undefined): number {
  const match = /^\s*([+-]?\d+)/.exec(value ?? '');
  return match ? Number.parseInt(match[1] ?? '0', 10) : 0;
}
