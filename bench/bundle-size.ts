/**
 * Case 5: what an app's browser bundle grows by, measured as an app would build it: esbuild
 * (`--bundle --minify --format=esm --platform=browser`) of one import from the built package, then
 * gzip -9. ky and zod are included: they are the SDK's runtime dependencies.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { CaseResult } from './report.js';

const ENTRY = new URL('../dist/index.js', import.meta.url).pathname;
const RELAY = new URL('../dist/relay.js', import.meta.url).pathname;
const IMPORTS: { label: string; code: string; target: number }[] = [
  {
    label: 'import { AppClient }',
    code: `import { AppClient } from '${ENTRY}'; console.log(AppClient);`,
    target: 20,
  },
  {
    label: 'import { NativeClient }',
    code: `import { NativeClient } from '${ENTRY}'; console.log(NativeClient);`,
    target: 25,
  },
  { label: 'everything', code: `import * as all from '${ENTRY}'; console.log(all);`, target: 28 },
];

/** Server-side: what a Worker or server bundle grows by with the relay (no target was asked for). */
const SERVER_IMPORTS: { label: string; code: string }[] = [
  {
    label: 'socialsite-sdk/relay: import { createRelay }',
    code: `import { createRelay } from '${RELAY}'; console.log(createRelay);`,
  },
];

async function gzipped(code: string): Promise<{ minified: number; gzip: number }> {
  const result = await build({
    stdin: { contents: code, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
  });
  const bytes = result.outputFiles[0]!.contents;
  return { minified: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

export async function bundleSize(): Promise<CaseResult> {
  const rows: string[][] = [];
  const targets = [];
  for (const { label, code, target } of IMPORTS) {
    const { minified, gzip } = await gzipped(code);
    const kb = gzip / 1000;
    rows.push([label, `${(minified / 1000).toFixed(1)} kB`, `${kb.toFixed(1)} kB`, `${target} kB`]);
    targets.push({
      name: `browser bundle, ${label} (esbuild, gzip -9)`,
      measured: `${kb.toFixed(1)} kB`,
      wanted: `≤ ${target} kB`,
      met: kb <= target,
    });
  }
  for (const { label, code } of SERVER_IMPORTS) {
    const { minified, gzip } = await gzipped(code);
    rows.push([
      label,
      `${(minified / 1000).toFixed(1)} kB`,
      `${(gzip / 1000).toFixed(1)} kB`,
      '(server side)',
    ]);
  }
  return {
    tables: [
      {
        title:
          '5. Browser bundle: what an app grows by (esbuild --bundle --minify, gzip -9; ky and zod included)',
        headers: ['import', 'minified', 'gzip -9', 'target'],
        rows,
      },
    ],
    targets,
  };
}
