/**
 * Case 5: what an app's browser bundle grows by, measured as an app would build it: esbuild
 * (`--bundle --minify --format=esm --platform=browser`) of one import from the built package, then
 * gzip -9. zod is included: it is the SDK's one runtime dependency.
 */

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
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

/**
 * Case 5c (issue 32): what an app's bundle would be if every part it does not use could be
 * dropped: the modules of the parts it does not call replaced by empty stubs. The public API
 * reaches them all (`hub.files` and the other resources are properties every client has; the
 * `accessToken`, `clientCredentials` and `signature` options are read by every constructor), so
 * this is a floor that no layout of the package can go below without changing that API.
 */
const FLOORS: { label: string; code: string; target: number; stub: RegExp }[] = [
  {
    label: 'import { AppClient }, `friend` only (the other four resources and follow stubbed)',
    code: IMPORTS[0]!.code,
    target: 20,
    stub: /\/dist\/app\/(resources\/(user|mail|notification|photo)|follow\/[a-z-]+|upload)\.js$/,
  },
  {
    label: 'import { NativeClient }, password and `files` only (3 strategies, 10 resources, follow stubbed)',
    code: IMPORTS[1]!.code,
    target: 25,
    stub: /\/dist\/native\/(auth\/(bearer|client-credentials|http-signature|private-key|token-endpoint|authorization-code)|resources\/(abconfig|abook|albums|channel|groups|items|items-params|network|permissions|photos|xchan)|follow\/[a-z-]+)\.js$/,
  },
];

/** Replaces the matching modules of dist/ by stubs that export the same names (as `undefined`). */
function stubbing(pattern: RegExp): Plugin {
  return {
    name: 'stub-unused-parts',
    setup(stubs) {
      stubs.onLoad({ filter: pattern }, ({ path }) => {
        const names = [...readFileSync(path, 'utf8').matchAll(/^export \{([^}]*)\}/gm)].flatMap((match) =>
          match[1]!
            .split(',')
            .map(
              (name) =>
                name
                  .trim()
                  .split(/\s+as\s+/)
                  .at(-1)!,
            )
            .filter(Boolean),
        );
        return {
          contents: names.map((name) => `export const ${name} = undefined;`).join('\n'),
          loader: 'js',
        };
      });
    },
  };
}

interface Measured {
  minified: number;
  gzip: number;
  code: string;
  map: { sources: string[]; mappings: string };
}

async function gzipped(code: string, plugins: Plugin[] = []): Promise<Measured> {
  const result = await build({
    plugins,
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
    )}. Table 5b shows where the rest goes, 5c the floor were every part an app does not call dropped; bench/RESULTS.md ("Bundle size (issue 24)", "Issue 32") what would reach the targets.`;
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
  const floors: string[][] = [];
  for (const { label, code, target, stub } of FLOORS) {
    const bundle = await gzipped(code, [stubbing(stub)]);
    floors.push([label, `${(bundle.minified / 1000).toFixed(1)} kB`, kB(bundle.gzip), `${target} kB`]);
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
      {
        title: '5c. Browser bundle: the floor, were every part an app does not call dropped',
        note:
          'The modules of the parts named stubbed out (esbuild, gzip -9, as in 5): a floor for an app that ' +
          'uses only what the row says. The public API reaches every part from the client class (resources ' +
          'are properties, the credentials options are read by the constructor), so no layout of the ' +
          'package goes below this without changing that API.',
        headers: ['import', 'minified', 'gzip -9', 'target'],
        rows: floors,
      },
    ],
    targets,
  };
}
