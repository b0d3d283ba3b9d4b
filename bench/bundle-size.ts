/**
 * Case 5: what an app's browser bundle grows by, measured as an app would build it: esbuild
 * (`--bundle --minify --format=esm --platform=browser`) of one import from the built package, then
 * gzip -9. zod is included: it is the SDK's one runtime dependency.
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { composition } from './bundle-composition.js';
import type { CaseResult, Table } from './report.js';

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

interface Measured {
  minified: number;
  gzip: number;
  code: string;
  map: { sources: string[]; mappings: string };
}

async function gzipped(code: string): Promise<Measured> {
  const result = await build({
    stdin: { contents: code, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    sourcemap: 'external',
    outfile: 'bundle.js',
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  const map = result.outputFiles.find((file) => file.path.endsWith('.map'))!;
  const bytes = output.contents;
  return {
    minified: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    code: output.text,
    map: JSON.parse(map.text) as Measured['map'],
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

/** One column a client import: each part's marginal gzip bytes (see bundle-composition.ts). */
function compositionTable(measured: { label: string; bundle: Measured }[]): Table {
  const columns = measured.map(({ bundle }) => composition(bundle.code, bundle.map));
  const labels = [...new Set(columns.flatMap((rows) => rows.map((row) => row.label)))];
  const cell = (column: { label: string; gzip: number }[], label: string) => {
    const found = column.find((row) => row.label === label);
    return found ? kB(found.gzip) : '';
  };
  return {
    title: '5b. Browser bundle: what each part costs (esbuild --minify, gzip -9, marginal bytes)',
    note:
      'Each part is charged what gzip -9 of the bundle shrinks by when its output is cut out of it ' +
      '(located through the source map): a marginal cost, so the parts add up to a little less than ' +
      'the whole.',
    headers: ['part', ...measured.map(({ label }) => label)],
    rows: [
      ...labels.map((label) => [label, ...columns.map((column) => cell(column, label))]),
      ['whole bundle', ...measured.map(({ bundle }) => kB(bundle.gzip))],
    ],
  };
}

/** Why a target is not met, from the measurements: what zod takes, and what the SDK's code. */
function unmetNote(measured: { label: string; bundle: Measured }[]): string | undefined {
  const unmet = measured.filter(({ label, bundle }) => {
    const target = IMPORTS.find((entry) => entry.label === label)!.target;
    return bundle.gzip / 1000 > target;
  });
  if (unmet.length === 0) return undefined;
  return `Not met: ${unmet
    .map(({ label, bundle }) => {
      const parts = composition(bundle.code, bundle.map);
      const zod = parts.find((part) => part.label.startsWith('zod'))?.gzip ?? 0;
      return `${label} is ${kB(bundle.gzip)}, of which zod ${kB(zod)} and the SDK's code the rest`;
    })
    .join(
      '; ',
    )}. Table 5b shows where the rest goes; bench/RESULTS.md ("Bundle size (issue 24)") what would reach the targets.`;
}

export async function bundleSize(): Promise<CaseResult> {
  const rows: string[][] = [];
  const targets = [];
  const measured = [];
  for (const { label, code, target } of IMPORTS) {
    const bundle = await gzipped(code);
    measured.push({ label, bundle });
    const kb = bundle.gzip / 1000;
    rows.push([label, `${(bundle.minified / 1000).toFixed(1)} kB`, `${kb.toFixed(1)} kB`, `${target} kB`]);
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
  const note = unmetNote(measured);
  return {
    tables: [
      {
        title: '5. Browser bundle: what an app grows by (esbuild --bundle --minify, gzip -9; zod included)',
        ...(note === undefined ? {} : { note }),
        headers: ['import', 'minified', 'gzip -9', 'target'],
        rows,
      },
      compositionTable(measured),
    ],
    targets,
  };
}
