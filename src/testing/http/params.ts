import { PHP_DEFAULT_LIMITS, type ServerLimits } from '../../core/request/php-limits.js';
import { type PhpRequest, readPhpRequest, UPLOAD_ERR } from './php-request.js';
import { type PhpArray, type PhpValue, phpMerge, phpTrimAll } from './php-vars.js';
import { phpfoxUrlParams } from './phpfox-url-params.js';

/** Which application reads the request: they build their parameters from PHP's differently. */
export type PhpApplication = 'hubzilla' | 'phpfox';

/**
 * The request parameters as the application reads them, from what PHP makes of the request
 * ({@link readPhpRequest}: cut where PHP's limits cut): field names as PHP reads them (` method`
 * and `method%00x` are `method`, `a.b` is `a_b`, `a[]` an array), the query (`$_GET`), then the
 * form fields of a urlencoded or multipart body (`$_POST`), which win. Other bodies (JSON) are
 * ignored, as PHP ignores them. Hubzilla reads `$_REQUEST` (arrays of both merged); phpFox
 * `array_merge($_GET, $_POST, $_FILES, <the do= parameters>)`, every value trimmed, so
 * `do=/api/method_x.y/` sets `method`.
 */
export class Params {
  private values: PhpArray = new Map();
  /** What PHP made of the request. */
  private php: PhpRequest = { get: new Map(), post: new Map(), files: new Map(), tmpFiles: new Map() };

  static async read(
    request: Request,
    application: PhpApplication = 'hubzilla',
    limits: Required<ServerLimits> = PHP_DEFAULT_LIMITS,
  ): Promise<Params> {
    const params = new Params();
    const php = await readPhpRequest(request, limits);
    params.php = php;
    if (application === 'hubzilla') {
      params.values = phpMerge(phpMerge(new Map(), php.get), php.post);
      return params;
    }
    const route = php.get.get('do');
    const merged: PhpArray = new Map<string, PhpValue>([...php.get, ...php.post, ...php.files]);
    if (typeof route === 'string')
      for (const [name, value] of phpfoxUrlParams(route)) merged.set(name, value);
    params.values = phpTrimAll(merged) as PhpArray;
    return params;
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Whether the body (not only the query) carried `name`. */
  inBody(name: string): boolean {
    return this.php.post.has(name);
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

  /** The file uploaded as `name` (`$_FILES[name]`); none when PHP reported an upload error. */
  file(name: string): File | undefined {
    const upload = this.php.files.get(name);
    if (!(upload instanceof Map) || upload.get('error') !== String(UPLOAD_ERR.OK)) return undefined;
    const tmpName = upload.get('tmp_name');
    return typeof tmpName === 'string' ? this.php.tmpFiles.get(tmpName) : undefined;
  }

  /** PHP's `UPLOAD_ERR_*` of the file field `name`; `undefined` when there is no such field. */
  uploadError(name: string): number | undefined {
    const upload = this.php.files.get(name);
    const error = upload instanceof Map ? upload.get('error') : undefined;
    return typeof error === 'string' ? Number(error) : undefined;
  }
}

/** PHP's `intval` of a request value: the leading optionally signed integer, 0 otherwise. */
export function phpIntval(value: string | undefined): number {
  const match = /^\s*([+-]?\d+)/.exec(value ?? '');
  return match ? Number.parseInt(match[1] ?? '0', 10) : 0;
}
