/**
 * `socialsite-sdk/testing`: a fake of the social site (both interfaces) for tests, demos and
 * benchmarks. The msw handlers live in `socialsite-sdk/testing/msw` (msw is an optional peer).
 * Browsers get only `./portable.js` (no loopback server, no CLI).
 */

export { type FakeServerCliIo, runFakeServerCli } from '../cli/fake-server/command.js';
export type { CliIo } from '../cli/io.js';
export * from './portable.js';
export { type FakeServer, type FakeServerOptions, startFakeServer } from './server.js';
