/** The globals that tell the runtime apart (a parameter, so tests can pose as another one). */
export interface RuntimeGlobals {
  process?: { versions?: { node?: string; bun?: string } };
  Deno?: { version?: { deno?: string } };
  document?: unknown;
  navigator?: { userAgent?: string };
  EdgeRuntime?: unknown;
}

/** The runtimes the SDK tells apart; `'browser'` covers anything else with no server-side runtime. */
export type RuntimeKind = 'node' | 'deno' | 'bun' | 'workerd' | 'edge-light' | 'browser';

/** A runtime and, where it says, its version. */
export interface Runtime {
  kind: RuntimeKind;
  version?: string | undefined;
}

/**
 * Which runtime this is. Workers and edge runtimes are asked first: workerd with `nodejs_compat`
 * and Deno both define `process.versions.node`, yet neither sends requests as Node does.
 */
export function detectRuntime(globals: RuntimeGlobals = globalThis as RuntimeGlobals): Runtime {
  if (globals.navigator?.userAgent === 'Cloudflare-Workers') return { kind: 'workerd' };
  if (typeof globals.EdgeRuntime === 'string') return { kind: 'edge-light' };
  if (globals.document !== undefined) return { kind: 'browser' };
  const versions = globals.process?.versions;
  if (versions?.bun) return { kind: 'bun', version: versions.bun };
  if (globals.Deno?.version?.deno) return { kind: 'deno', version: globals.Deno.version.deno };
  if (versions?.node) return { kind: 'node', version: versions.node };
  return { kind: 'browser' };
}

/**
 * The server-side runtime the SDK runs in, as `node/24.1.0`, `deno/2.1.0`, `bun/1.2.0`, `workerd`
 * or `edge-light`, or `undefined` in a browser (or anything unknown): what the `User-Agent` names.
 */
export function serverRuntime(globals?: RuntimeGlobals): string | undefined {
  const { kind, version } = detectRuntime(globals);
  if (kind === 'browser') return undefined;
  return version === undefined ? kind : `${kind}/${version}`;
}

/**
 * Whether fetch sends a `ReadableStream` request body with the `Content-Length` it is given. Node
 * (undici) and Bun do; Deno and workerd drop it and send the stream chunked, and browsers stream
 * request bodies only over HTTP/2 (Chromium) or not at all: there the SDK sends a Blob.
 */
export function streamsKeepContentLength(globals?: RuntimeGlobals): boolean {
  const { kind } = detectRuntime(globals);
  return kind === 'node' || kind === 'bun';
}
