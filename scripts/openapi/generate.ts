import { APP_SOURCES, appDocument } from './app.js';
import { NATIVE_SOURCES, nativeDocument } from './native.js';
import { readSourceDocs, type SourceDocs } from './source-docs.js';
import type { JsonSchema } from './wire.js';

/** The two OpenAPI 3.1 documents. */
export interface OpenApiDocuments {
  /** phpFox's Application API (`token.php`, `api.php`). */
  app: JsonSchema;
  /** Hubzilla's Native channel API (`api/z/1.0`). */
  native: JsonSchema;
}

let docs: SourceDocs | undefined;

/** The declarations' docs, read once per process (a TypeScript program over the sources: seconds). */
export function sourceDocs(): SourceDocs {
  docs ??= readSourceDocs([...new Set([...APP_SOURCES, ...NATIVE_SOURCES])]);
  return docs;
}

/** Both documents, made from the SDK's zod schemas, parameter types and docs as they are now. */
export function generateOpenApiDocuments(from: SourceDocs = sourceDocs()): OpenApiDocuments {
  return { app: appDocument(from), native: nativeDocument(from) };
}
