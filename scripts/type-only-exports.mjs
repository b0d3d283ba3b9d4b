// Marks every name of the bundled declaration files that does not exist at run time as a type-only
// export. tsup's declaration bundler (rollup-plugin-dts) loses `export type` on classes: the
// resource classes, `Page` and `PagePromise` came out as values, so `x instanceof PagePromise`
// compiled and then crashed, and with `verbatimModuleSyntax` an `import { Page }` stayed in the
// emitted JavaScript and failed to load. The runtime is the judge: each entry's bundle is loaded
// (ESM for `.d.ts`, CommonJS for `.d.cts`) and only the names it really exports stay values.
// Run after `tsup` (see the `build` script); prints what it changed.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = path.resolve(import.meta.dirname, '../dist');
const require = createRequire(import.meta.url);

/** Each public entry's declaration files and the bundles they describe. */
const entries = [
  { dts: 'index.d.ts', js: 'index.js' },
  { dts: 'index.d.cts', js: 'index.cjs' },
  { dts: 'node.d.ts', js: 'node.js' },
  { dts: 'node.d.cts', js: 'node.cjs' },
  { dts: 'testing.d.ts', js: 'testing.js' },
  { dts: 'testing.d.cts', js: 'testing.cjs' },
  { dts: 'testing-browser.d.ts', js: 'testing-browser.js' },
  { dts: 'testing-msw.d.ts', js: 'testing-msw.js' },
  { dts: 'testing-msw.d.cts', js: 'testing-msw.cjs' },
];

/** `export { a as B, C } from './x.js';` and `export { A, B };`, but not `export type { … }`. */
const VALUE_EXPORT = /^export \{([^}]*)\}((?: from '[^']+')?;)$/gm;

async function runtimeNames(file) {
  const full = path.join(dist, file);
  const module = file.endsWith('.cjs') ? require(full) : await import(pathToFileURL(full).href);
  return new Set(Object.keys(module));
}

/** `local as Exported` → `Exported`; `Name` → `Name`. */
function exportedName(specifier) {
  return specifier
    .split(/\s+as\s+/)
    .pop()
    .trim();
}

let changed = 0;
for (const { dts, js } of entries) {
  const values = await runtimeNames(js);
  const file = path.join(dist, dts);
  const text = await readFile(file, 'utf8');
  const marked = [];
  const fixed = text.replace(VALUE_EXPORT, (_, list, tail) => {
    const specifiers = list
      .split(',')
      .map((specifier) => specifier.trim())
      .filter((specifier) => specifier !== '');
    const rewritten = specifiers.map((specifier) => {
      if (specifier.startsWith('type ') || values.has(exportedName(specifier))) return specifier;
      marked.push(exportedName(specifier));
      return `type ${specifier}`;
    });
    return `export { ${rewritten.join(', ')} }${tail}`;
  });
  if (fixed !== text) {
    await writeFile(file, fixed);
    changed += marked.length;
    if (process.env.VERBOSE) console.log(`${dts}: type-only ${marked.join(', ')}`);
  }
}
console.log(`type-only exports: ${changed} names marked`);
