import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

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

/** Peer or runtime dependencies stay imports; the fake server's HTTP adapter is bundled into `testing`. */
const external = ['zod', 'msw'];

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
    external: ['zod', 'msw'],
    esbuildPlugins: [nodeEntryRequiresMain],
    noExternal: ['@hono/node-server'],
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    silent: true,
    target: 'es2023',
    platform: 'node',
    external,
    noExternal: ['@hono/node-server'],
  },
]);
