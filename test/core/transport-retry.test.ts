import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, AppClient, ArgumentError, ConnectionError, TimeoutError } from '../../src/index.js';
import { apiHandler, envelope, phpfox, SITE, sample, TOKEN } from '../app/phpfox.js';
import { useMswServer } from '../support/msw.js';

const { server, requests } = useMswServer();
const fast = { limit: 2, delay: () => 0 };

/** Answers with each response in turn, then repeats the last one. */
function sequence(...answers: (() => Response | Promise<Response>)[]) {
  let call = 0;
  return http.all(`${SITE}/api.php`, () => answers[Math.min(call++, answers.length - 1)]!());
}

describe('retries', () => {
  it('retries a read after 503 and succeeds', async () => {
    server.use(
      sequence(
        () => new HttpResponse('busy', { status: 503 }),
        () => phpfox(sample('user.getUser')),
      ),
    );
    const user = await new AppClient({ baseUrl: SITE, token: TOKEN, retry: fast }).user.getUser();
    expect(user.user_id).toBe(1);
    expect(requests).toHaveLength(2);
  });

  it('gives up after the limit with an ApiError carrying the status', async () => {
    server.use(sequence(() => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })));
    const error = await new AppClient({ baseUrl: SITE, token: TOKEN, retry: fast }).user
      .getUser()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, body: '<h1>Bad gateway</h1>' });
    expect(requests).toHaveLength(3);
  });

  it('does not retry a 4xx that is not 408/429', async () => {
    server.use(sequence(() => new HttpResponse('no', { status: 403 })));
    await expect(
      new AppClient({ baseUrl: SITE, token: TOKEN, retry: fast }).user.getUser(),
    ).rejects.toMatchObject({
      status: 403,
    });
    expect(requests).toHaveLength(1);
  });

  it('never retries a POST (photo upload): one request, then the error', async () => {
    server.use(sequence(() => new HttpResponse('busy', { status: 503 })));
    const client = new AppClient({ baseUrl: SITE, token: TOKEN, retry: fast });
    await expect(
      client.photo.addPhoto({ photo: new Uint8Array([1, 2, 3]), photo_name: 'a.png' }),
    ).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('POST');
  });

  it('honours Retry-After in seconds', async () => {
    server.use(
      sequence(
        () => new HttpResponse('slow down', { status: 429, headers: { 'Retry-After': '1' } }),
        () => phpfox(sample('user.getUser')),
      ),
    );
    const started = Date.now();
    await new AppClient({ baseUrl: SITE, token: TOKEN, retry: fast }).user.getUser();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(requests).toHaveLength(2);
  });

  it('does not wait for a Retry-After beyond maxRetryAfter: fails at once with the answer', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    server.use(
      sequence(
        () => new HttpResponse('later', { status: 503, headers: { 'Retry-After': inAnHour } }),
        () => phpfox(sample('user.getUser')),
      ),
    );
    const client = new AppClient({ baseUrl: SITE, token: TOKEN, retry: { ...fast, maxRetryAfter: 50 } });
    await expect(client.user.getUser()).rejects.toMatchObject({ name: 'ApiError', status: 503 });
    expect(requests).toHaveLength(1);
  });

  it('waits for a Retry-After within maxRetryAfter, and onRetry hears of it before the wait', async () => {
    server.use(
      sequence(
        () => new HttpResponse('later', { status: 503, headers: { 'Retry-After': '0.05' } }),
        () => phpfox(sample('user.getUser')),
      ),
    );
    const events: { attempt: number; delayMs: number; requestsSoFar: number }[] = [];
    const client = new AppClient({
      baseUrl: SITE,
      token: TOKEN,
      retry: fast,
      hooks: {
        onRetry: ({ attempt, delayMs }) => events.push({ attempt, delayMs, requestsSoFar: requests.length }),
      },
    });
    await expect(client.user.getUser()).resolves.toMatchObject({ user_id: 1 });
    expect(events).toEqual([{ attempt: 2, delayMs: 50, requestsSoFar: 1 }]);
  });

  it('an abort during the backoff rejects at once with the signal reason, no further request', async () => {
    server.use(sequence(() => new HttpResponse('later', { status: 503, headers: { 'Retry-After': '30' } })));
    const controller = new AbortController();
    const reason = new Error('user went away');
    // Aborted once the wait of 30 s has begun, however late a loaded machine gets there; waiting it
    // out instead would outlast the test's timeout.
    const client = new AppClient({
      baseUrl: SITE,
      token: TOKEN,
      hooks: { onRetry: () => setTimeout(() => controller.abort(reason), 10) },
    });
    await expect(client.user.getUser({}, { signal: controller.signal })).rejects.toBe(reason);
    expect(requests).toHaveLength(1);
  });
});

describe('timeouts and aborts', () => {
  it('an attempt that gets no answer in time ends in TimeoutError (retried, then given up)', async () => {
    server.use(
      http.all(`${SITE}/api.php`, async () => {
        await delay(5_000);
        return phpfox(sample('user.getUser'));
      }),
    );
    const client = new AppClient({
      baseUrl: SITE,
      token: TOKEN,
      timeout: 100,
      retry: { limit: 1, delay: () => 0 },
    });
    const error = await client.user.getUser().catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeout: 100 });
    expect(requests).toHaveLength(2);
  });

  it('a per-call timeout overrides the client one', async () => {
    server.use(
      http.all(`${SITE}/api.php`, async () => {
        await delay(300);
        return phpfox(sample('user.getUser'));
      }),
    );
    const client = new AppClient({ baseUrl: SITE, token: TOKEN, timeout: 50, retry: 0 });
    // 300 ms is past the client's 50 ms, and far within the call's own, even on a loaded machine.
    await expect(client.user.getUser({}, { timeout: 15_000 })).resolves.toMatchObject({ user_id: 1 });
  });

  it('an abort during the request rejects with the signal reason', async () => {
    server.use(
      http.all(`${SITE}/api.php`, async () => {
        await delay(5_000);
        return phpfox(sample('user.getUser'));
      }),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await new AppClient({ baseUrl: SITE, token: TOKEN }).user
      .getUser({}, { signal: controller.signal })
      .catch((e) => e);
    expect(error).toBe(controller.signal.reason);
    expect((error as Error).name).toBe('AbortError');
  });

  it('an already aborted signal sends nothing', async () => {
    const reason = new Error('stop');
    await expect(
      new AppClient({ baseUrl: SITE, token: TOKEN }).user.getUser({}, { signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
    expect(requests).toHaveLength(0);
  });

  it('a network error after the retries is a ConnectionError', async () => {
    server.use(http.all(`${SITE}/api.php`, () => HttpResponse.error()));
    const error = await new AppClient({ baseUrl: SITE, token: TOKEN, retry: fast }).user
      .getUser()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(requests).toHaveLength(3);
  });
});

describe('custom fetch and headers', () => {
  it('sends every request through the given fetch, with extra headers', async () => {
    server.use(apiHandler(() => envelope(3)));
    const seen: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return globalThis.fetch(input, init);
    };
    const client = new AppClient({ baseUrl: SITE, token: TOKEN, fetch, headers: { 'X-App': 'demo' } });
    await client.mail.getNewCount({}, { headers: { 'X-Call': 'one' } });
    expect(seen).toHaveLength(1);
    expect(requests[0]!.headers.get('x-app')).toBe('demo');
    expect(requests[0]!.headers.get('x-call')).toBe('one');
  });
});

describe('per-call retry', () => {
  it('a call’s retry number replaces the client’s limit', async () => {
    server.use(sequence(() => new HttpResponse('busy', { status: 503 })));
    const client = new AppClient({ baseUrl: SITE, token: TOKEN, retry: fast });
    await expect(client.user.getUser({}, { retry: 0 })).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
  });

  it('a call’s retry policy is laid over the client’s (its delay kept)', async () => {
    server.use(sequence(() => new HttpResponse('busy', { status: 503 })));
    const delays: number[] = [];
    const client = new AppClient({
      baseUrl: SITE,
      token: TOKEN,
      retry: fast,
      hooks: { onRetry: ({ delayMs }) => delays.push(delayMs) },
    });
    await expect(client.user.getUser({}, { retry: { limit: 4 } })).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(5);
    expect(delays).toEqual([0, 0, 0, 0]);
  });

  it('a bad per-call retry is an ArgumentError before any request', async () => {
    const client = new AppClient({ baseUrl: SITE, token: TOKEN });
    await expect(client.user.getUser({}, { retry: -1 })).rejects.toBeInstanceOf(ArgumentError);
    expect(requests).toHaveLength(0);
  });
});
