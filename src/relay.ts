/**
 * `socialsite-sdk/relay`. The ESM build keeps one file per module, so this file exists to give the
 * entry point the flat path `dist/relay.js` beside `dist/relay.d.ts` (the relay lives in `relay/`).
 */
export * from './relay/index.js';
