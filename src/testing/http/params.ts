/**
 * The request parameters as PHP's `$_REQUEST` sees them: the query, then the form fields of a POST
 * (or any method) body sent as `application/x-www-form-urlencoded` or `multipart/form-data`, which
 * win over the query. Other bodies (JSON) are ignored, as PHP ignores them. `name[]` fields become
 * arrays under `name`.
 */
export class Params {
  private readonly values = new Map<string, string | string[]>();
  private readonly uploads = new Map<string, File>();
  /** The names that came from the body (PHP's `$_POST`), for rules that tell it from the query. */
  private readonly bodyNames = new Set<string>();

  static async read(request: Request): Promise<Params> {
    const params = new Params();
    params.addAll(new URL(request.url).searchParams);
    if (request.method === 'GET' || request.method === 'HEAD' || request.body === null) return params;
    const type = (request.headers.get('content-type') ?? '').toLowerCase();
    try {
      if (type.startsWith('application/x-www-form-urlencoded')) {
        params.addAll(new URLSearchParams(await request.text()), true);
      } else if (type.startsWith('multipart/form-data')) {
        const form = await request.formData();
        const fields = new URLSearchParams();
        for (const [name, value] of form) {
          if (typeof value === 'string') fields.append(name, value);
          else params.uploads.set(name, value);
        }
        params.addAll(fields, true);
      }
    } catch {
      // A malformed body reads as no fields, as PHP would.
    }
    return params;
  }

  private addAll(fields: URLSearchParams, fromBody = false): void {
    const arrays = new Map<string, string[]>();
    for (const [name, value] of fields) {
      if (fromBody) this.bodyNames.add(name.endsWith('[]') ? name.slice(0, -2) : name);
      if (name.endsWith('[]')) {
        const key = name.slice(0, -2);
        const list = arrays.get(key) ?? [];
        list.push(value);
        arrays.set(key, list);
      } else {
        this.values.set(name, value);
      }
    }
    for (const [key, list] of arrays) this.values.set(key, list);
  }

  has(name: string): boolean {
    return this.values.has(name);
  }

  /** Whether the body (not only the query) carried `name`. */
  inBody(name: string): boolean {
    return this.bodyNames.has(name);
  }

  /** The text value; an array field reads as PHP's `"Array"`. */
  get(name: string): string | undefined {
    const value = this.values.get(name);
    return Array.isArray(value) ? 'Array' : value;
  }

  /** A list field: `name[]` values, or a comma-separated text split (empty parts dropped). */
  list(name: string): string[] {
    const value = this.values.get(name);
    if (value === undefined) return [];
    const parts = Array.isArray(value) ? value : value.split(',');
    return parts.map((part) => part.trim()).filter((part) => part !== '');
  }

  /** PHP's `intval`: leading integer digits, else 0. */
  int(name: string): number {
    return phpIntval(this.get(name));
  }

  /** An uploaded file part. */
  file(name: string): File | undefined {
    return this.uploads.get(name);
  }
}

/** PHP's `intval` of a request value: the leading optionally signed integer, 0 otherwise. */
export function phpIntval(value: string | undefined): number {
  const match = /^\s*([+-]?\d+)/.exec(value ?? '');
  return match ? Number.parseInt(match[1] ?? '0', 10) : 0;
}
