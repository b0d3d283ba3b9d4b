import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CaseResult, ConformanceConfig } from '../../test/runtimes/contract.js';
import { resolveChromium } from '../../test/support/chromium.js';
import { bundleFor } from './bundle.js';
import type { InstalledRuntimes } from './install.js';

/** Each runtime's results, or the reason it could not run at all (a failure of the matrix). */
export type RuntimeRun = () => Promise<CaseResult[]>;

const MARK = 'CONFORMANCE ';

/** The little of miniflare and edge-runtime used here (they live in the runtimes cache, untyped). */
type MiniflareClass = new (options: {
  modules: boolean;
  script: string;
  compatibilityDate: string;
  compatibilityFlags: string[];
}) => { dispatchFetch(url: string): Promise<Response>; dispose(): Promise<void> };
type EdgeRuntimeClass = new (options: {
  initialCode: string;
}) => {
  dispatchFetch(url: string): Promise<Response & { waitUntil(): Promise<unknown> }>;
};

/** A runtime with `node:` modules runs the server entry as a child process. */
export function processRunner(
  command: string,
  args: string[],
  cwd: string,
  config: ConformanceConfig,
): RuntimeRun {
  return () =>
    new Promise((resolve, reject) => {
      execFile(
        command,
        [...args, JSON.stringify(config)],
        { cwd, timeout: 180_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
        (error, stdout, stderr) => {
          const line = stdout.split('\n').find((text) => text.startsWith(MARK));
          if (line) return resolve(JSON.parse(line.slice(MARK.length)) as CaseResult[]);
          reject(
            new Error(`${command} gave no results (${error?.message ?? 'exit 0'}): ${stderr.slice(-2000)}`),
          );
        },
      );
    });
}

/** workerd through miniflare, plain or with `nodejs_compat`. */
export function workerdRunner(
  runtimes: InstalledRuntimes,
  dir: string,
  config: ConformanceConfig,
  compatibilityFlags: string[],
): RuntimeRun {
  return async () => {
    const script = readFileSync(
      await bundleFor('worker', dir, ['workerd', 'worker', 'browser', 'import', 'default'], 'esm'),
      'utf8',
    );
    const require = createRequire(join(runtimes.modules, 'noop.js'));
    const { Miniflare } = require('miniflare') as { Miniflare: MiniflareClass };
    const mf = new Miniflare({ modules: true, script, compatibilityDate: '2026-04-01', compatibilityFlags });
    try {
      const response = await mf.dispatchFetch(
        `http://localhost/?config=${encodeURIComponent(JSON.stringify(config))}`,
      );
      const text = await response.text();
      if (!response.ok) throw new Error(`worker answered ${response.status}: ${text.slice(0, 2000)}`);
      return JSON.parse(text) as CaseResult[];
    } finally {
      await mf.dispose();
    }
  };
}

/** Vercel's edge runtime (`edge-runtime`). */
export function edgeRunner(runtimes: InstalledRuntimes, dir: string, config: ConformanceConfig): RuntimeRun {
  return async () => {
    const initialCode = readFileSync(
      await bundleFor('edge', dir, ['edge-light', 'worker', 'browser', 'import', 'default'], 'iife'),
      'utf8',
    );
    const require = createRequire(join(runtimes.modules, 'noop.js'));
    const { EdgeRuntime } = require('edge-runtime') as { EdgeRuntime: EdgeRuntimeClass };
    const runtime = new EdgeRuntime({ initialCode });
    const response = await runtime.dispatchFetch(
      `http://localhost/?config=${encodeURIComponent(JSON.stringify(config))}`,
    );
    const text = await response.text();
    await response.waitUntil();
    if (!response.ok) throw new Error(`edge runtime answered ${response.status}: ${text.slice(0, 2000)}`);
    return JSON.parse(text) as CaseResult[];
  };
}

/**
 * Chromium (the setup of the browser tests): a page on another origin than the fake, under a strict
 * Content-Security-Policy that allows scripts from itself and connections to the fake only.
 */
export function chromiumRunner(dir: string, config: ConformanceConfig): RuntimeRun {
  return async () => {
    const script = readFileSync(
      await bundleFor('browser', dir, ['browser', 'import', 'default'], 'esm'),
      'utf8',
    );
    const fakeOrigin = new URL(config.baseUrl).origin;
    const page = createServer((request, response) => {
      if (request.url === '/conformance.js') {
        response.writeHead(200, { 'Content-Type': 'text/javascript' });
        return response.end(script);
      }
      response.writeHead(200, {
        'Content-Type': 'text/html',
        'Content-Security-Policy': `default-src 'none'; script-src 'self'; connect-src ${fakeOrigin}`,
      });
      response.end(
        '<!doctype html><title>conformance</title><script type="module" src="/conformance.js"></script>',
      );
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    // `localhost`, not 127.0.0.1: another origin than the fake's.
    const pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/#${encodeURIComponent(JSON.stringify(config))}`;
    const chromium = await resolveChromium();
    const { chromium: launcher } = await import('playwright-core');
    const browser = await launcher.launch({
      executablePath: chromium.executablePath,
      args: chromium.args,
      headless: true,
    });
    try {
      const tab = await browser.newPage();
      const problems: string[] = [];
      tab.on('pageerror', (error) => problems.push(error.message));
      await tab.goto(pageUrl);
      await tab
        .waitForFunction(() => 'conformance' in globalThis, undefined, { timeout: 30_000 })
        .catch(() => {
          throw new Error(`the page never started the cases: ${problems.join('; ')}`);
        });
      return (await tab.evaluate(
        () => (globalThis as unknown as { conformance: Promise<unknown> }).conformance,
      )) as CaseResult[];
    } finally {
      await browser.close();
      page.close();
    }
  };
}
