import { SdkError } from './sdk-error.js';

/**
 * What this runtime cannot do: `socialsite-sdk/node`'s disk helpers (`fileFromPath`,
 * `downloadToFile`) where there is no file system (Cloudflare Workers, Vercel's edge runtime,
 * browsers). Thrown when the helper is called, not when it is imported, so code shared between
 * runtimes can import it. Branch on `error.code === 'unsupported_runtime'`.
 */
export class UnsupportedRuntimeError extends SdkError {
  override name = 'UnsupportedRuntimeError';
  /** Always `'unsupported_runtime'`: what to branch on without `instanceof`. */
  readonly code = 'unsupported_runtime';
}
