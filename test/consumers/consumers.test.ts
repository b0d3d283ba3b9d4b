import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStaticServer } from '../../examples/browser/static-server.js';
import { createFakeSite } from '../../src/testing/site.js';
import { resolveChromium } from '../support/chromium.js';
import { BUNDLER, compile, NODE16 } from './compile.js';
import { run } from './install.js';
import { type CliFakeServer, startInstalledFakeServer } from './installed-fake-server.js';

/**
 * Apps that depend on the packed tarball (see install.ts) and use it by its name only: Node ESM and
 * CommonJS, TypeScript with node16 and bundler resolution, and an esbuild bundle in Chromium.
 */
const dir = inject('consumerDir');

/** What both Node apps report (see project/esm.mjs). */
const nodeReport = {
  userIdType: 'number',
  friends: 23,
  uploaded: true,
  wrongKey: true,
  missing: 'user.user_cannot_be_found',
  downloadExact: true,
  nodeHelperError: true,
};

describe('the packed package installed into a scratch project', () => {
  it('carries a package.json without the development fields of the repository', async () => {
    const installed = JSON.parse(
      await readFile(path.join(dir, 'node_modules/socialsite-sdk/package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(installed.scripts).toBeUndefined();
    expect(installed.devDependencies).toBeUndefined();
    expect(installed.overrides).toBeUndefined();
    expect(installed.exports).toBeDefined();
    expect(installed.bin).toEqual({ 'socialsite-sdk': 'dist/cli.js' });
  });

  it('works from Node ESM (import)', async () => {
    const { stdout } = await run(process.execPath, ['esm.mjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual(nodeReport);
  });

  it('works from Node CommonJS (require)', async () => {
    const { stdout } = await run(process.execPath, ['cjs.cjs'], { cwd: dir });
    expect(JSON.parse(stdout)).toEqual(nodeReport);
  });

  it('type-checks with TypeScript moduleResolution node16, ESM and CommonJS files', async () => {
    const options = { ...NODE16, noEmit: true };
    expect(await compile(dir, 'tsconfig.node16.json', options, ['typed.mts', 'typed.cts'])).toBe('');
  });

  it('type-checks with TypeScript moduleResolution bundler and DOM types only', async () => {
    const options = { ...BUNDLER, noEmit: true };
    expect(await compile(dir, 'tsconfig.bundler.json', options, ['browser-app.ts'])).toBe('');
  });
});

describe('the packed package bundled with esbuild for browsers, in Chromium', () => {
  let fake: CliFakeServer;
  let browser: Browser;
  beforeAll(async () => {
    // platform 'browser' fails the build on any Node built-in reachable from the main entry.
    await build({
      absWorkingDir: dir,
      entryPoints: ['browser-app.ts'],
      outfile: 'bundle.js',
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    fake = await startInstalledFakeServer(dir);
    const { executablePath, args } = await resolveChromium();
    browser = await chromium.launch({ executablePath, args });
  });
  afterAll(async () => {
    await browser?.close();
    await fake?.stop();
  });

  /** Serves the scratch project (with `headers`), opens the app page and returns its report. */
  async function runApp(headers: Record<string, string> = {}, extra: Record<string, string> = {}) {
    const pages = await startStaticServer(dir, { headers });
    try {
      const page = await browser.newPage();
      const query = new URLSearchParams({
        site: fake.url,
        key: fake.appKey,
        password: fake.password,
        ...extra,
      });
      await page.goto(`${pages.url}index.html?${query}`);
      await page.waitForSelector('body[data-status]');
      const report = (await page.textContent('#report')) ?? '';
      expect(await page.getAttribute('body', 'data-status'), report).toBe('done');
      return JSON.parse(report) as Record<string, unknown>;
    } finally {
      await pages.close();
    }
  }

  it('calls the fake server (the installed `socialsite-sdk fake-server`) and runs the fake in the page', async () => {
    const big = createFakeSite().files.big;
    expect(await runApp()).toEqual({
      inPageFake: 'John Doe',
      userIdType: 'number',
      friends: 23,
      uploaded: true,
      missing: 'user.user_cannot_be_found',
      download: { size: big.filesize, sha256: big.sha256 },
      denied: true,
      aborted: 'AbortError',
      refused: [],
    });
  });

  it("runs under a strict Content-Security-Policy (no 'unsafe-eval'), nothing refused", async () => {
    // zod/mini never generates code (`new Function`), so the schemas need no 'unsafe-eval'.
    const origin = new URL(fake.url).origin;
    const strict = await runApp({ 'content-security-policy': `default-src 'self'; connect-src ${origin}` });
    expect(strict.friends).toBe(23);
    expect(strict.missing).toBe('user.user_cannot_be_found');
    expect(strict.refused).toEqual([]);
  });
});
