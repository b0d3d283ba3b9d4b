import { describe, expect, it } from 'vitest';
import { createFakeSite } from '../../src/testing/index.js';
import { call, hub, hubJson } from './helpers.js';

type Chunk = { attach: { content: string; start: number; length: number } };

describe('faults: latency and HTTP failures', () => {
  it('delays every answer by latencyMs, and stops waiting when the request is aborted', async () => {
    const site = createFakeSite({ faults: { latencyMs: 60 } });
    const started = performance.now();
    await call(site, 'api/z/1.0/version');
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    const controller = new AbortController();
    const pending = call(site, 'api/z/1.0/version', { signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow('gave up');
  });

  it('fails matching requests with a status and Retry-After, `times` times, then answers normally', async () => {
    const site = createFakeSite({
      faults: { fail: [{ path: 'api/z/1.0/files', status: 503, retryAfter: 2, times: 2 }] },
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const failed = await hub(site, 'files');
      expect([failed.status, failed.headers.get('retry-after')]).toEqual([503, '2']);
    }
    expect((await hub(site, 'version')).status).toBe(200);
    expect((await hub(site, 'files')).status).toBe(200);
  });

  it('fails only the Nth matching request (and only the given method)', async () => {
    const site = createFakeSite({ faults: { fail: [{ nth: 3, status: 500, method: 'GET' }] } });
    const statuses = [];
    for (let index = 0; index < 4; index++) statuses.push((await call(site, 'api/z/1.0/version')).status);
    expect(statuses).toEqual([200, 200, 500, 200]);
    site.faults = { fail: [{ path: /token\.php/, status: 502, times: Number.POSITIVE_INFINITY }] };
    expect((await call(site, 'token.php?key=x')).status).toBe(502);
    expect((await call(site, 'token.php?key=x')).status).toBe(502);
    expect((await call(site, 'api/z/1.0/version', { method: 'POST' })).status).toBe(200);
  });

  it('resets the connection mid-body (resetAfterBytes), or before any answer (0)', async () => {
    const site = createFakeSite({ faults: { fail: [{ path: 'files', resetAfterBytes: 20 }] } });
    const response = await hub(site, 'files');
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(/reset/);
    site.faults = { fail: [{ resetAfterBytes: 0 }] };
    const dropped = await hub(site, 'files');
    expect(dropped.type).toBe('error');
    expect(site.requests.at(-1)?.status).toBe(0);
  });

  it('restarts the counters when faults are assigned', async () => {
    const site = createFakeSite();
    const rules = { fail: [{ status: 500 }] };
    site.faults = rules;
    expect((await call(site, 'api/z/1.0/version')).status).toBe(500);
    expect((await call(site, 'api/z/1.0/version')).status).toBe(200);
    site.faults = rules;
    expect(site.faults).toBe(rules);
    expect((await call(site, 'api/z/1.0/version')).status).toBe(500);
  });
});

describe('faults: filedata chunks', () => {
  const chunk = (site: ReturnType<typeof createFakeSite>, start: number, length = 1000) =>
    hub(site, `filedata?file_id=${site.files.big.file_id}&start=${start}&length=${length}`);

  it('fails the chunk at an offset once (retry succeeds)', async () => {
    const site = createFakeSite({ faults: { filedata: [{ offset: 2000, fault: 'error', status: 503 }] } });
    expect((await chunk(site, 0)).status).toBe(200);
    expect((await chunk(site, 2000)).status).toBe(503);
    expect((await chunk(site, 2000)).status).toBe(200);
  });

  it('returns fewer bytes than asked (short read) at an offset', async () => {
    const site = createFakeSite({ faults: { filedata: [{ offset: 0, fault: 'short', bytes: 123 }] } });
    const short = (await (await chunk(site, 0)).json()) as Chunk;
    expect([short.attach.start, short.attach.length]).toEqual([0, 123]);
    expect(Buffer.from(short.attach.content, 'base64')).toEqual(
      Buffer.from(site.files.big.bytes().subarray(0, 123)),
    );
    const next = (await (await chunk(site, 0)).json()) as Chunk;
    expect(next.attach.length).toBe(1000);
    const half = createFakeSite({ faults: { filedata: [{ offset: 0, fault: 'short', fileId: 'nope' }] } });
    expect(((await (await chunk(half, 0)).json()) as Chunk).attach.length).toBe(1000);
  });

  it('drops the connection in the middle of the chunk body', async () => {
    const site = createFakeSite({ faults: { filedata: [{ offset: 1000, fault: 'reset' }] } });
    const response = await chunk(site, 1000);
    await expect(response.arrayBuffer()).rejects.toThrow(/reset/);
    const retried = (await (await chunk(site, 1000)).json()) as Chunk;
    expect(retried.attach.length).toBe(1000);
  });

  it('records every request with its status', async () => {
    const site = createFakeSite({ faults: { filedata: [{ offset: 0, fault: 'error' }] } });
    await chunk(site, 0);
    await hubJson(site, 'channel/list');
    expect(site.requests.map((request) => [request.method, request.status])).toEqual([
      ['GET', 500],
      ['GET', 200],
    ]);
    expect(site.requests[0]?.headers.get('authorization')).toMatch(/^Basic /);
  });
});
