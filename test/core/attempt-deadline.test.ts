import { describe, expect, it } from 'vitest';
import { AppClient, TimeoutError } from '../../src/index.js';
import { TOKEN } from '../app/phpfox.js';
import { useLoopbackServer } from '../support/loopback.js';

const loopback = useLoopbackServer();

/** Headers and the first bytes at once, then a body that never ends. */
const stalledBody = () =>
  loopback.serve((_, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.write('{"api":{"status":');
  });

/** A client whose fetch records each Request it is given, with the signal fetch follows. */
function recordingClient(baseUrl: string, timeout: number) {
  const seen: Request[] = [];
  const client = new AppClient({
    baseUrl,
    token: TOKEN,
    timeout,
    fetch: (input, init) => {
      const request = new Request(input, init);
      seen.push(request);
      return globalThis.fetch(request);
    },
  });
  return { client, seen };
}

describe('one deadline per attempt, for the fetch itself', () => {
  it('a body that stalls past the deadline ends in TimeoutError and cancels the request itself', async () => {
    const { client, seen } = recordingClient(await stalledBody(), 200);
    const error = await client.user.getUser({}, { retry: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/did not finish its answer within 200 ms/);
    // Not only the read given up: the request's own signal aborted, as for a timeout before the headers.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.signal.aborted).toBe(true);
  });

  it('each retried attempt has a deadline of its own, and each stalled request is cancelled', async () => {
    const { client, seen } = recordingClient(await stalledBody(), 150);
    const error = await client.user
      .getUser({}, { retry: { limit: 2, delay: () => 0 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect([seen.length, loopback.state.hits]).toEqual([3, 3]);
    for (const request of seen) expect(request.signal.aborted).toBe(true);
  });
});
