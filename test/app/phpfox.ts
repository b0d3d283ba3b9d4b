import { HttpResponse, http } from 'msw';
import { loadPhpfoxSample } from '../support/fixtures.js';

export const SITE = 'https://site.example';
/** Like phpFox's tokens: long base64 with `+`, `/` and `=`. */
export const TOKEN = 'LS0tLS1+CRUdJTi/BQVUJMSUMgS0VZ==';

/** An answer as phpFox sends it: HTTP 200, text/html, whatever the content. */
export function phpfox(body: unknown, init: { prefix?: string; status?: number } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new HttpResponse(`${init.prefix ?? ''}${text}`, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

export function envelope(
  output: unknown,
  api: Record<string, unknown> = { total: 0, pages: 0, current_page: 0 },
) {
  return { api, output };
}

/** An api.php handler that answers per method, after checking the token arrived intact. */
export function apiHandler(answer: (method: string, url: URL, request: Request) => unknown) {
  return http.all(`${SITE}/api.php`, async ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('token') !== TOKEN) {
      return phpfox(
        envelope({ error_id: 'api.unable_to_find_api_key', error_message: 'Unable to find API key.' }),
      );
    }
    const result = await answer(url.searchParams.get('method') ?? '', url, request);
    return result instanceof Response ? result : phpfox(result);
  });
}

export function sample(method: string): unknown {
  return loadPhpfoxSample(method);
}
