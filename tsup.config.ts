import type { Plugin } from 'esbuild';
import { defineConfig, type Plugin as TsupPlugin } from 'tsup';

/** The five public entry points; their type declarations are bundled, one `.d.ts`/`.d.cts` each. */
const entry = {
  index: 'src/index.ts',
  node: 'src/node/index.ts',
  relay: 'src/relay/index.ts',
  testing: 'src/testing/index.ts',
  'testing-msw': 'src/testing/msw.ts',
};

/** Everything of `testing` that runs in browsers too. */
const testingBrowser = 'src/testing/portable.ts';

/**
 * Peer or runtime dependencies stay imports; the fake server's HTTP adapter is bundled into `testing`.
 * `socialsite-sdk/openapi` (written by `scripts/openapi/build.ts`) is what the fake server loads on
 * the first request for a document: an import of the package itself, never bundled.
 */
const external = ['zod', 'msw', 'socialsite-sdk/openapi'];

// `silent`: the build prints its errors and warnings only, not every file it wrote.
const shared = { sourcemap: true, target: 'es2023', platform: 'node', silent: true } as const;

/**
 * CommonJS bundles each entry whole, so `socialsite-sdk/node` would carry its own copy of the error
 * classes, and its errors would fail `instanceof SdkError` of the main entry. It requires them
 * from `index.cjs` instead (which exports them all).
 */
const nodeEntryRequiresMain: Plugin = {
  name: 'node-entry-requires-main',
  setup(build) {
    build.onResolve({ filter: /\/core\/errors\// }, ({ importer }) =>
      /[/\\]src[/\\]node[/\\]/.test(importer) ? { path: './index.cjs', external: true } : undefined,
    );
  },
};

/** What esbuild's CommonJS output makes of each source module's `import * as z from 'zod/mini'`. */
const ZOD_WRAP = '__toESM(require("zod/mini"), 1)';

/**
 * esbuild's CommonJS output wraps `require('zod/mini')` in `__toESM` once per source module that
 * imports zod (22 times in index.cjs), and every wrap copies zod's few hundred exports into a new
 * object: 6-14 ms of a cold `require('socialsite-sdk')` (issue 32). One wrap, shared by every
 * module (they only read it). Same lines, so the source map still holds.
 */
const oneZodNamespace: TsupPlugin = {
  name: 'one-zod-namespace',
  renderChunk(code) {
    if (!code.includes(ZOD_WRAP) || !code.startsWith('"use strict";\n')) return undefined;
    return {
      code: `"use strict";var __zodMini;${code
        .slice('"use strict";'.length)
        .replaceAll(ZOD_WRAP, `(__zodMini ??= ${ZOD_WRAP})`)}`,
    };
  },
};

export default defineConfig([
  {
    // The client's ESM (`.` and `./node`) is NOT bundled: one file per source module, so that with
    // `sideEffects: false` an app's bundler drops every module it does not reach. A single bundled
    // file made `import { AppClient }` carry native resources and schemas (top-level zod calls
    // cannot always be proven pure): 2.6 kB min+gzip more with esbuild, 0.8 kB with rolldown.
    ...shared,
    // `src/backup` is the `backup`/`verify` commands, bundled into the CLI only.
    entry: ['src/**/*.ts', '!src/testing/**', '!src/backup/**', '!src/cli.ts', '!src/cli/**'],
    format: ['esm'],
    bundle: false,
    dts: false,
  },
  {
    // What Node (and Deno and Bun) load: the `node` condition inside `import` of `.`, `./node` and
    // `./relay`. The one-file-per-module build above is for bundlers (tree-shaking), but a runtime
    // loads its ~150 files one by one: resolving, reading and compiling each cost the SDK's import
    // about 115 ms over zod's (issue 32). Bundled with shared chunks (so the three entries share one
    // copy of every class and `instanceof` holds across them): a handful of files.
    ...shared,
    entry: { index: entry.index, node: entry.node, relay: entry.relay },
    outDir: 'dist/node-esm',
    format: ['esm'],
    splitting: true,
    dts: false,
    external,
  },
  {
    // The fake site is one bundle (tests do not care about its size); every ESM declaration is made
    // here. `testing-browser` is what the `browser` condition of `./testing` serves: no Node server.
    ...shared,
    entry: { testing: entry.testing, 'testing-msw': entry['testing-msw'], 'testing-browser': testingBrowser },
    format: ['esm'],
    dts: { entry: { ...entry, 'testing-browser': testingBrowser } },
    treeshake: true,
    external,
    noExternal: ['@hono/node-server'],
  },
  {
    ...shared,
    entry,
    format: ['cjs'],
    dts: true,
    external,
    esbuildPlugins: [nodeEntryRequiresMain],
    plugins: [oneZodNamespace],
    noExternal: ['@hono/node-server'],
  },
  {
    // The CLI loads what a command needs when it runs (dynamic imports, split into `dist/cli/`), so
    // `--help` and `--version` do not load the SDK, the fake site or the backup (issue 32).
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    splitting: true,
    esbuildOptions(options) {
      options.chunkNames = 'cli/[name]-[hash]';
    },
    silent: true,
    target: 'es2023',
    platform: 'node',
    external,
    noExternal: ['@hono/node-server'],
  },
  {
    // The examples, runnable from an install (`socialsite-sdk example NAME`: users have no tsx).
    // Each is one file with its helper (examples/support) inside; they import the package by its
    // name, as an app does, so that stays an import (resolved to the installed package).
    entry: ['examples/*.ts', '!examples/*.test.ts', '!examples/run.ts'],
    outDir: 'dist/examples',
    splitting: false,
    format: ['esm'],
    silent: true,
    target: 'es2023',
    platform: 'node',
    external: [/^socialsite-sdk(\/|$)/],
  },
]);
