import { defineConfig } from 'tsup';

const entry = {
  index: 'src/index.ts',
  ...(process.env.SMOKE_INDEX_ONLY ? {} : { node: 'src/node/index.ts' }),
};

export default defineConfig([
  {
    entry,
    format: ['esm'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2023',
    platform: 'neutral',
    treeshake: true,
    external: ['node:fs', 'node:fs/promises', 'node:path', 'node:crypto', 'node:stream', 'node:stream/promises'],
  },
  {
    entry,
    format: ['cjs'],
    dts: true,
    sourcemap: true,
    target: 'es2023',
    platform: 'node',
    // ky ships ESM only; inlined here, `require('socialsite-sdk')` works without ERR_REQUIRE_ESM quirks.
    noExternal: ['ky'],
  },
]);
