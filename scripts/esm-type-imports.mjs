// msw 3 ships ESM only. The CommonJS declarations of `socialsite-sdk/testing/msw` import its types
// with a plain `import { HttpHandler } from 'msw'`, which TypeScript refuses in a CommonJS file under
// `module: node16` (TS1479), although `require('socialsite-sdk/testing/msw')` loads on Node ≥ 22.
// A type-only import with `resolution-mode: "import"` is TypeScript's way to name an ESM package's
// types from CommonJS. Run after `tsup` (see the `build` script).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
/** The ESM-only packages whose types the CommonJS declarations name. */
const ESM_ONLY = ['msw'];

let changed = 0;
for (const file of ['testing-msw.d.cts']) {
  const full = path.join(dist, file);
  const text = await readFile(full, 'utf8');
  const fixed = text.replace(/^import \{([^}]*)\} from '([^']+)';$/gm, (line, names, from) =>
    ESM_ONLY.includes(from)
      ? `import type {${names}} from '${from}' with { 'resolution-mode': 'import' };`
      : line,
  );
  if (fixed !== text) {
    await writeFile(full, fixed);
    changed++;
  }
}
if (changed === 0)
  throw new Error('esm-type-imports: no import of an ESM-only package found: is the script still needed?');
console.log(
  `esm-type-imports: ${changed} declaration file(s) import ESM-only types with resolution-mode "import"`,
);
