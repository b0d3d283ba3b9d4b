import { describe, expect, it } from 'vitest';
import { detectRuntime, serverRuntime, streamsKeepContentLength } from '../../src/core/base/runtime.js';
import { canStreamUploads, prepareBody } from '../../src/core/request/upload-body.js';

const node = { process: { versions: { node: '24.1.0' } } };
const deno = { Deno: { version: { deno: '2.9.6' } }, process: { versions: { node: '24.2.0' } } };
const bun = { process: { versions: { node: '24.3.0', bun: '1.4.5' } } };
// workerd with `nodejs_compat` defines `process.versions.node` too.
const workerdCompat = {
  navigator: { userAgent: 'Cloudflare-Workers' },
  process: { versions: { node: '22.0.0' } },
};
const edge = { EdgeRuntime: 'edge-runtime', process: { versions: { node: '20.0.0' } } };
const browser = { document: {}, navigator: { userAgent: 'Mozilla/5.0' } };

describe('detectRuntime', () => {
  it.each([
    ['Node', node, 'node', 'node/24.1.0'],
    ['Deno (which defines process too)', deno, 'deno', 'deno/2.9.6'],
    ['Bun', bun, 'bun', 'bun/1.4.5'],
    ['workerd with nodejs_compat', workerdCompat, 'workerd', 'workerd'],
    ['the edge runtime', edge, 'edge-light', 'edge-light'],
    ['a browser', browser, 'browser', undefined],
  ])('tells %s apart', (_name, globals, kind, agent) => {
    expect(detectRuntime(globals).kind).toBe(kind);
    expect(serverRuntime(globals)).toBe(agent);
  });

  it('streams uploads only where fetch keeps a stream body’s Content-Length (Node, Bun)', () => {
    expect([node, bun, deno, workerdCompat, edge, browser].map((g) => streamsKeepContentLength(g))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(canStreamUploads(deno)).toBe(false);
    expect(canStreamUploads(workerdCompat)).toBe(false);
  });
});

describe('prepareBody where streams lose their length', () => {
  it('sends the whole Blob with progress at the start and the end, never a stream', async () => {
    const form = new FormData();
    form.append('media', new Blob([new Uint8Array(1000)]), 'a.bin');
    const seen: number[] = [];
    const prepared = prepareBody(form, ({ loaded }) => seen.push(loaded), false);
    expect(prepared?.body).toBeInstanceOf(Blob);
    const total = (prepared!.body as Blob).size;
    expect(seen).toEqual([0]);
    prepared?.done?.();
    expect(seen).toEqual([0, total]);
  });
});
