import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateOpenApiDocuments } from './generate.js';

/*
 * `npm run build`'s last step: writes `dist/openapi/` for the `socialsite-sdk/openapi` export —
 * the documents as `app.json` and `native.json`, and a module exporting both (ESM and CommonJS,
 * with declarations). Nothing else imports them: no client bundle carries them.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'dist/openapi');

const { app, native } = generateOpenApiDocuments();
const appJson = JSON.stringify(app, null, 2);
const nativeJson = JSON.stringify(native, null, 2);

const declarations = `/** An OpenAPI 3.1 document (the full structure: see the OpenAPI Specification). */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; summary?: string; description?: string };
  servers: { url: string; description?: string; variables?: Record<string, { default: string }> }[];
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
  [member: string]: unknown;
}
/** phpFox's Application API (\`token.php\`, \`api.php\`), generated from the SDK's schemas. */
export declare const app: OpenApiDocument;
/** Hubzilla's Native channel API (\`api/z/1.0\`), generated from the SDK's schemas. */
export declare const native: OpenApiDocument;
`;

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'app.json'), `${appJson}\n`);
writeFileSync(path.join(out, 'native.json'), `${nativeJson}\n`);
// The modules hold the same documents without indentation (a JSON text is a JavaScript expression).
const [appLine, nativeLine] = [JSON.stringify(app), JSON.stringify(native)];
writeFileSync(
  path.join(out, 'index.js'),
  `export const app = ${appLine};\nexport const native = ${nativeLine};\n`,
);
writeFileSync(
  path.join(out, 'index.cjs'),
  `'use strict';\nexports.app = ${appLine};\nexports.native = ${nativeLine};\n`,
);
writeFileSync(path.join(out, 'index.d.ts'), declarations);
writeFileSync(path.join(out, 'index.d.cts'), declarations);
console.log(
  `openapi: dist/openapi/app.json ${Buffer.byteLength(appJson)} B, native.json ${Buffer.byteLength(nativeJson)} B`,
);
