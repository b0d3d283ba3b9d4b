import { type PhpArray, phpFields, registerPhpVariable } from '../../../src/testing/http/php-vars.js';
import { plainTable as plain } from '../../support/php-table.js';

/** An upstream request as PHP sees it: method, path, `$_GET`, `$_POST` and `$_FILES` (name, type, bytes). */
export interface PhpView {
  method: string;
  path: string;
  get: unknown;
  post: unknown;
  files: unknown;
}

export async function phpView(request: Request): Promise<PhpView> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  let post: PhpArray = new Map();
  const files = new Map<string, unknown>();
  if (type.startsWith('application/x-www-form-urlencoded')) post = phpFields(await request.text());
  else if (type.startsWith('multipart/form-data')) {
    for (const [name, value] of await request.formData()) {
      if (typeof value === 'string') registerPhpVariable(post, name, value);
      else {
        const bytes = Buffer.from(await value.arrayBuffer()).toString('hex');
        registerPhpVariable(files, name, { name: value.name, type: value.type, bytes });
      }
    }
  }
  return {
    method: request.method,
    path: url.pathname,
    get: plain(phpFields(url.search.slice(1))),
    post: plain(post),
    files: plain(files),
  };
}
