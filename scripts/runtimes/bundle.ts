import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const repo = resolve(import.meta.dirname, '../..');
const entries = join(repo, 'test/runtimes/entries');

/**
 * A scratch folder laid out as an app that installed the package: `node_modules/socialsite-sdk`
 * links to this repository, so every import of it resolves through `package.json`'s exports map
 * and the built `dist/`, as an installed consumer's does.
 */
export function consumerFolder(dir: string): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(repo, join(dir, 'node_modules', 'socialsite-sdk'), 'dir');
  writeFileSync(
    join(dir, 'package.json'),
    '{"private":true,"type":"module","dependencies":{"socialsite-sdk":"*"}}\n',
  );
}

/**
 * The server entry for Node, Deno and Bun: the cases bundled, the package left as an import, so
 * each runtime resolves it itself (with its own export conditions).
 */
export async function bundleServerEntry(dir: string): Promise<string> {
  const outfile = join(dir, 'server.mjs');
  await build({
    entryPoints: [join(entries, 'server.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'es2022',
    external: ['socialsite-sdk', 'socialsite-sdk/*', 'node:*'],
    tsconfigRaw: '{}',
    logLevel: 'error',
  });
  return outfile;
}

/**
 * A whole-program bundle for a runtime that resolves no packages (workerd, the edge runtime, a
 * page), made as that platform's bundler would: with its export conditions.
 */
export async function bundleFor(
  entry: 'worker' | 'edge' | 'browser',
  dir: string,
  conditions: string[],
  format: 'esm' | 'iife',
): Promise<string> {
  const outfile = join(dir, `${entry}-${conditions[0]}.js`);
  await build({
    entryPoints: [join(entries, `${entry}.ts`)],
    outfile,
    bundle: true,
    format,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions,
    target: 'es2022',
    nodePaths: [join(dir, 'node_modules')],
    // Not the repository's tsconfig: its `paths` point the package's name at the sources.
    tsconfigRaw: '{}',
    absWorkingDir: dir,
    logLevel: 'error',
  });
  return outfile;
}
