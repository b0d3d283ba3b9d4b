import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppClient, extraField, type Hooks, ValidationError } from '../../src/index.js';
import { apiHandler, envelope, phpfox, SITE, sample, TOKEN } from '../app/phpfox.js';
import { useMswServer } from '../support/msw.js';

const { server } = useMswServer();
const app = (extra: Partial<ConstructorParameters<typeof AppClient>[0]> = {}) =>
  new AppClient({ baseUrl: SITE, token: TOKEN, retry: 0, ...extra });

const NOTICE =
  '<br />\n<b>Notice</b>:  Undefined index: foo in <b>/var/www/include/library/phpfox/api/api.class.php</b> on line <b>12</b><br />\n';

describe('tolerant body reading', () => {
  it.each([
    ['a UTF-8 BOM', '\uFEFF'],
    ['blank lines', '\n\n  \r\n'],
    ['a PHP notice', NOTICE],
    ['a BOM, a warning and a notice', `\uFEFF${NOTICE.replace('Notice', 'Warning')}${NOTICE}\n`],
  ])('parses JSON after %s', async (_, prefix) => {
    server.use(http.all(`${SITE}/api.php`, () => phpfox(sample('user.getUser'), { prefix })));
    await expect(app().user.getUser()).resolves.toMatchObject({ user_id: 1 });
  });

  it('parses JSON whatever the Content-Type says', async () => {
    server.use(
      http.all(
        `${SITE}/api.php`,
        () =>
          new HttpResponse(JSON.stringify(sample('mail.getNewCount')), {
            headers: { 'Content-Type': 'image/png' },
          }),
      ),
    );
    await expect(app().mail.getNewCount()).resolves.toBe(1);
  });

  it.each([
    ['an empty body', ''],
    ['HTML only', '<html><body>Fatal error</body></html>'],
    ['truncated JSON', '{"api":{"total":0},"output":{"user_id":"1"'],
    ['a notice and no JSON', NOTICE],
  ])('turns %s into a ValidationError, never a SyntaxError', async (_, body) => {
    server.use(http.all(`${SITE}/api.php`, () => phpfox(body)));
    const error = await app()
      .user.getUser()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).rawBody).toBe(body);
  });
});

describe('validation modes', () => {
  const broken = envelope({ ...(sample('user.getUser') as { output: object }).output, user_id: 'seven' });

  it('strict (default) throws ValidationError with the zod issues, a readable message and the raw body', async () => {
    server.use(apiHandler(() => broken));
    const error = (await app()
      .user.getUser()
      .catch((e) => e)) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues[0]?.path).toEqual(['user_id']);
    expect(error.message).toContain('user_id');
    expect(JSON.parse(error.rawBody).output.user_id).toBe('seven');
  });

  it('warn reports through the hook and returns the data as received', async () => {
    server.use(apiHandler(() => broken));
    const warnings: string[] = [];
    const hooks: Hooks = { onValidationWarning: (event) => warnings.push(event.issues[0]!.path.join('.')) };
    const user = await app({ validation: 'warn', hooks }).user.getUser();
    expect(user.user_id).toBe('seven');
    expect(warnings).toEqual(['user_id']);
  });

  it('warn still normalizes when the data is valid', async () => {
    server.use(apiHandler(() => sample('user.getUser')));
    await expect(app({ validation: 'warn' }).user.getUser()).resolves.toMatchObject({ user_id: 1 });
  });

  it('off skips validation and normalization entirely', async () => {
    server.use(apiHandler(() => broken));
    const user = await app({ validation: 'off' }).user.getUser();
    expect(user.user_id).toBe('seven');
    expect(user.joined).toBe('1314109907');
  });

  it('keeps fields the documents do not list (3.5+ *_link fields)', async () => {
    const output = {
      ...(sample('user.getUser') as { output: object }).output,
      full_name_link: '<a href="x">John</a>',
    };
    server.use(apiHandler(() => envelope(output)));
    const user = await app().user.getUser();
    expect(extraField(user, 'full_name_link')).toBe('<a href="x">John</a>');
    // The type lists the documented fields only: a field it does not list is a compile error.
    // @ts-expect-error full_name_link is not a documented field of User
    expect(user.full_name_link).toBe('<a href="x">John</a>');
  });
});

describe('hooks', () => {
  it('reports requests, responses, retries and errors without secrets', async () => {
    let calls = 0;
    server.use(
      http.all(`${SITE}/api.php`, () =>
        calls++ === 0
          ? new HttpResponse('busy', { status: 503 })
          : phpfox(
              envelope({
                error: true,
                error_id: 'user.user_cannot_be_found',
                error_message: 'User cannot be found.',
              }),
            ),
      ),
    );
    const events: string[] = [];
    const payloads: unknown[] = [];
    const record = (name: string) => (event: object) => {
      events.push(name);
      payloads.push(event);
    };
    const hooks: Hooks = {
      onRequest: record('request'),
      onResponse: record('response'),
      onRetry: record('retry'),
      onError: record('error'),
    };
    await app({ hooks, retry: { limit: 1, delay: () => 0 } })
      .user.getUser()
      .catch(() => {});
    expect(events).toEqual(['request', 'response', 'retry', 'request', 'response', 'error']);
    expect(payloads[1]).toMatchObject({ status: 503, attempt: 1, method: 'GET' });
    expect(payloads[3]).toMatchObject({ attempt: 2 });
    const text = JSON.stringify(payloads);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(encodeURIComponent(TOKEN));
    expect(text).toContain('token=[REDACTED]');
  });
});
