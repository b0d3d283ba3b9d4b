import { generateOpenApiDocuments } from './generate.js';

/*
 * `socialsite-sdk/openapi` when the package is used from its source (tests, examples): the
 * documents generated on import, as `npm run build` writes them to `dist/openapi/`.
 */

const documents = generateOpenApiDocuments();

/** phpFox's Application API (`token.php`, `api.php`). */
export const app = documents.app;
/** Hubzilla's Native channel API (`api/z/1.0`). */
export const native = documents.native;
