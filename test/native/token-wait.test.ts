import { describe, expect, it } from 'vitest';
import {
  AppClient,
  AuthenticationError,
  NativeClient,
  type SdkError,
  TimeoutError,
} from '../../src/index.js';
import { useLoopbackServer } from '../support/loopback.js';

/*
 * A client-credentials client fetches its token inside the call that needs it: that call's
 * timeout bounds the wait, and a failed token request is ONE failed call (one `onError`, one
 * error log line). Over real HTTP: a token endpoint that never answers is a matter of the wire.
 */

const loopback = useLoopbackServer();
const clientCredentials = { clientId: 'backup-bot', clientSecret: 'client-secret-value' };

function recorder() {
  const errors: SdkError[] = [];
  const lines: string[] = [];
  const quiet = () => {};
  return {
    errors,
    lines,
    options: {
      hooks: { onError: ({ error }: { error: SdkError }) => errors.push(error) },
      logLevel: 'error' as const,
      logger: { error: (line: string) => lines.push(line), warn: quiet, info: quiet, debug: quiet },
    },
  };
}

describe('onError once per failed call', () => {
  it('when the token endpoint refuses the client', async () => {
    const baseUrl = await loopback.serve((request, response) => {
      request.resume();
      if (request.url?.startsWith('/token')) {
        response.writeHead(400, { 'Content-Type': 'application/json' });
        response.end('{"error":"invalid_client","error_description":"Client credentials are invalid"}');
      } else {
        response.writeHead(500);
        response.end();
      }
    });
    const { errors, lines, options } = recorder();
    const hub = new NativeClient({ baseUrl, clientCredentials, ...options });
    const error = await hub.files.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(errors).toEqual([error]);
    expect(lines).toHaveLength(1);
  });

  it('when the token endpoint fails with HTTP 503 every time (a read: retried)', async () => {
    const baseUrl = await loopback.serve((request, response) => {
      request.resume();
      response.writeHead(503, { 'Content-Type': 'text/html' });
      response.end('<h1>busy</h1>');
    });
    const { errors, lines, options } = recorder();
    const hub = new NativeClient({
      baseUrl,
      clientCredentials,
      retry: { limit: 1, delay: () => 0 },
      ...options,
    });
    const error = await hub.groups.list().catch((e: unknown) => e);
    expect(errors).toEqual([error]);
    expect(lines).toHaveLength(1);
  });

  it('AppClient.fromKey: no token for the key is one failed call', async () => {
    const baseUrl = await loopback.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('{"token":""}');
    });
    const { errors, lines, options } = recorder();
    const error = await AppClient.fromKey('a-key-value', { baseUrl, ...options }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(errors).toEqual([error]);
    expect(lines).toHaveLength(1);
  });
});

describe("a call's timeout bounds the wait for its OAuth token", () => {
  it('a token endpoint that never answers: the per-call timeout, not the client one, ends the call', async () => {
    const baseUrl = await loopback.serve((request, response) => {
      request.resume();
      if (request.url?.startsWith('/token')) return; // never answered
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end('{"success":true,"results":[]}');
    });
    // Ten minutes for the client: the old code waited for the token request's own (client) timeout.
    const hub = new NativeClient({ baseUrl, clientCredentials, timeout: 600_000, retry: 0 });
    const error = await hub.files.list({}, { timeout: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(300);
  }, 30_000);

  it('the call’s signal ends the wait too', async () => {
    const baseUrl = await loopback.serve((request) => {
      request.resume(); // nothing is ever answered
    });
    const hub = new NativeClient({ baseUrl, clientCredentials, timeout: 600_000, retry: 0 });
    const controller = new AbortController();
    const reason = new Error('no longer needed');
    const call = hub.files.list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(call).rejects.toBe(reason);
  }, 30_000);
});
