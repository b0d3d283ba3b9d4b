import { type RuntimeGlobals, serverRuntime } from '../base/runtime.js';

/** The package's version; a test keeps it equal to package.json's. */
export const SDK_VERSION = '0.1.0';

/**
 * `socialsite-sdk/<version> <runtime>/<version>` where a `User-Agent` can be set: Node, Deno, Bun.
 * Not in browsers: there the browser's own agent is sent, and a `User-Agent` set by script would
 * make every cross-origin request need a CORS preflight that these servers do not answer.
 */
export function sdkUserAgent(globals?: RuntimeGlobals): string | undefined {
  const runtime = serverRuntime(globals);
  return runtime === undefined ? undefined : `socialsite-sdk/${SDK_VERSION} ${runtime}`;
}
