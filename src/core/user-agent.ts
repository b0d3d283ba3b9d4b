/** The package's version; a test keeps it equal to package.json's. */
export const SDK_VERSION = '0.1.0';

interface RuntimeGlobals {
  process?: { versions?: { node?: string; bun?: string } };
  Deno?: { version?: { deno?: string } };
  document?: unknown;
}

/**
 * `socialsite-sdk/<version> <runtime>/<version>` where a `User-Agent` can be set: Node, Deno, Bun.
 * Not in browsers: there the browser's own agent is sent, and a `User-Agent` set by script would
 * make every cross-origin request need a CORS preflight that these servers do not answer.
 */
export function sdkUserAgent(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string | undefined {
  if (globals.document !== undefined) return undefined;
  const versions = globals.process?.versions;
  const runtime = versions?.bun
    ? `bun/${versions.bun}`
    : globals.Deno?.version?.deno
      ? `deno/${globals.Deno.version.deno}`
      : versions?.node
        ? `node/${versions.node}`
        : undefined;
  return runtime === undefined ? undefined : `socialsite-sdk/${SDK_VERSION} ${runtime}`;
}
