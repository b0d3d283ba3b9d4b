import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AppClient, TimeoutError } from '../../src/index.js';
import { phpfox, SITE, sample, TOKEN } from '../app/phpfox.js';
import { useMswServer } from '../support/msw.js';

const { server } = useMswServer();

/**
 * A client whose fetch records each Request it is given (with the signal fetch will follow), and
 * calls `onFetch` then.
 */
function recordingClient({ onFetch, ...options }: { timeout?: number; onFetch?: () => void } = {}) {
  const seen: Request[] = [];
  const client = new AppClient({
    baseUrl: SITE,
    token: TOKEN,
    retry: 0,
    ...options,
    fetch: (input, init) => {
      const request = new Request(input, init);
      seen.push(request);
      onFetch?.();
      return globalThis.fetch(request);
    },
  });
  return { client, seen };
}

describe("the caller's signal, per attempt", () => {
  it('reaches fetch during the call and is let go after it (a long-lived signal keeps no finished request)', async () => {
    server.use(http.all(`${SITE}/api.php`, () => phpfox(sample('user.getUser'))));
    const { client, seen } = recordingClient();
    const controller = new AbortController();
    for (let call = 0; call < 3; call++) await client.user.getUser({}, { signal: controller.signal });
    controller.abort();
    expect(seen).toHaveLength(3);
    // Still linked (as through AbortSignal.any), each finished request would abort with the caller.
    for (const request of seen) expect(request.signal.aborted).toBe(false);
  });

  it('aborts the fetch when the caller aborts while the answer is awaited', async () => {
    server.use(
      http.all(`${SITE}/api.php`, async () => {
        await delay(5_000);
        return phpfox(sample('user.getUser'));
      }),
    );
    const controller = new AbortController();
    // While the answer is awaited, however late a loaded machine gets to the fetch.
    const { client, seen } = recordingClient({ onFetch: () => setTimeout(() => controller.abort(), 50) });
    const error = await client.user.getUser({}, { signal: controller.signal }).catch((e) => e);
    expect(error).toBe(controller.signal.reason);
    expect(seen[0]!.signal.aborted).toBe(true);
  });

  it.each([
    ['with', true],
    ['without', false],
  ])("a timeout %s a caller's signal cancels the fetch itself, not only the wait", async (_, withSignal) => {
    server.use(
      http.all(`${SITE}/api.php`, async () => {
        await delay(5_000);
        return phpfox(sample('user.getUser'));
      }),
    );
    const { client, seen } = recordingClient({ timeout: 50 });
    const options = withSignal ? { signal: new AbortController().signal } : {};
    await expect(client.user.getUser({}, options)).rejects.toBeInstanceOf(TimeoutError);
    expect(seen[0]!.signal.aborted).toBe(true);
  });
});
