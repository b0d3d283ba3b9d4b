import { readdir, readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const backupDir = new URL('src/backup/', root);

/** The source files an entry point pulls in, bundled as an app would. */
async function reached(entry: string, platform: 'browser' | 'node'): Promise<string[]> {
  const result = await build({
    entryPoints: [new URL(entry, root).pathname],
    bundle: true,
    write: false,
    metafile: true,
    platform,
    format: 'esm',
    external: ['ky', 'zod'],
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

describe('the backup command', () => {
  it('is reachable from neither the browser entry point nor socialsite-sdk/node', async () => {
    const browser = await reached('src/index.ts', 'browser');
    expect(browser.some((path) => path.includes('src/native/'))).toBe(true);
    expect(browser.filter((path) => path.includes('src/backup/'))).toEqual([]);
    expect(
      (await reached('src/node/index.ts', 'node')).filter((path) => path.includes('src/backup/')),
    ).toEqual([]);
  });

  it('is built on the public API only: the two entry points, the internal file-system module, Node built-ins, zod and its own modules', async () => {
    const allowed = [
      /^node:/,
      /^zod\/mini$/,
      /^\.\.\/index\.js$/,
      /^\.\.\/node\/index\.js$/,
      // The one module every write of the SDK goes through (no links followed, no FIFO waited on,
      // paths kept inside): internal, since its signatures carry Node's own types.
      /^\.\.\/node\/fs\/index\.js$/,
      /^\.\/[\w-]+\.js$/,
      // The wording of a wrong command line, shared by every command; checked below to stay in src/cli.
      /^\.\.\/cli\/usage\.js$/,
    ];
    const found: string[] = [];
    for (const file of await readdir(backupDir)) {
      const source = await readFile(new URL(file, backupDir), 'utf8');
      for (const [, specifier] of source.matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gms)) {
        if (!allowed.some((pattern) => pattern.test(specifier ?? ''))) found.push(`${file}: ${specifier}`);
      }
    }
    expect(found).toEqual([]);
    const usageReaches = await reached('src/cli/usage.ts', 'node');
    expect(usageReaches.filter((path) => !path.startsWith('src/cli/'))).toEqual([]);
  });
});
