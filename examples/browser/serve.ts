/**
 * `npm run example:browser`: serves the repository (the page, `dist/`, ky and zod) on loopback so
 * the browser example can load the ESM build as plain modules. Run the fake site beside it:
 *   npx socialsite-sdk fake-server --port 8080
 */
import path from 'node:path';
import { startStaticServer } from './static-server.js';

const port = Number(process.argv[2] ?? 5173);
const server = await startStaticServer(path.resolve(import.meta.dirname, '../..'), { port });
console.log(`Browser example: ${server.url}examples/browser/`);
console.log('Start the fake site in another terminal: npx socialsite-sdk fake-server --port 8080');
process.once('SIGINT', () => server.close());
