/**
 * `socialsite-sdk/node`. The ESM build keeps one file per module, so this file exists to give the
 * entry point the flat path `dist/node.js` beside `dist/node.d.ts` (the helpers live in `node/`).
 */
export * from './node/index.js';
