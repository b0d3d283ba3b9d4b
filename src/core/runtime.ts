/** The globals that tell the runtime apart (a parameter, so tests can pose as another one). */
export interface RuntimeGlobals {
  process?: { versions?: { node?: string; bun?: string } };
  Deno?: { version?: { deno?: string } };
  document?: unknown;
}

/**
 * The server-side runtime the SDK runs in, as `node/24.1.0`, `deno/2.1.0` or `bun/1.2.0`, or
 * `undefined` in a browser (or anything unknown): what the `User-Agent` names, and where request
 * bodies can be streamed with a `Content-Length` (upload progress).
 */
export function serverRuntime(globals: RuntimeGlobals = globalThis as RuntimeGlobals): string | undefined {
  if (globals.document !== undefined) return undefined;
  const versions = globals.process?.versions;
  if (versions?.bun) return `bun/${versions.bun}`;
  if (globals.Deno?.version?.deno) return `deno/${globals.Deno.version.deno}`;
  return versions?.node ? `node/${versions.node}` : undefined;
}
