import { defineConfig } from 'tsup';

const entry = {
  index: 'src/index.ts',
  node: 'src/node/index.ts',
  testing: 'src/testing/index.ts',
  'testing-msw': 'src/testing/msw.ts',
};

/** Peer or runtime dependencies stay imports; the fake server's HTTP adapter is bundled into `testing`. */
const external = ['ky', 'zod', 'msw'];

export default defineConfig([
  {
    entry,
    format: ['esm'],
    dts: true,
    sourcemap: true,
    target: 'es2023',
    platform: 'node',
    treeshake: true,
    external,
    noExternal: ['@hono/node-server'],
  },
  {
    entry,
    format: ['cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2023',
    platform: 'node',
    external: ['zod', 'msw'],
    // ky ships ESM only: inlined here, `require('socialsite-sdk')` works without interop surprises.
    noExternal: ['ky', '@hono/node-server'],
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    target: 'es2023',
    platform: 'node',
    external,
    noExternal: ['@hono/node-server'],
  },
]);
