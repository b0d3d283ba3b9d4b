import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);

/** The files an app's bundle of `entry` takes in, zod left out (the one runtime dependency). */
async function bundled(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [new URL(entry, root).pathname],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'browser',
    format: 'esm',
    external: ['zod'],
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

describe('runtime dependencies', () => {
  it('are zod alone: the transport is built on the platform’s fetch', () => {
    const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(pkg.dependencies ?? {})).toEqual(['zod']);
  });

  it.each(['src/index.ts', 'src/relay/index.ts'])(
    '%s bundles nothing from node_modules but zod',
    async (entry) => {
      const inputs = await bundled(entry);
      expect(inputs.some((file) => file.startsWith('src/core/http/transport'))).toBe(true);
      expect(inputs.filter((file) => !file.startsWith('src/'))).toEqual([]);
    },
  );
});
