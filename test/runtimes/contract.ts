/**
 * What the conformance runner (scripts/test-runtimes.ts) hands every runtime, and what each runtime
 * hands back. Plain data: it crosses process, worker and page boundaries as JSON.
 */
export interface ConformanceConfig {
  /** Root of the fake site (both clients' `baseUrl`). */
  baseUrl: string;
  /** Root of the runner's control routes: what the server received, a route that never answers. */
  controlUrl: string;
  appKey: string;
  appUserId: number;
  hub: { username: string; password: string };
  expected: {
    friends: number;
    /** Hashes of alice's files that `files.list()` must yield. */
    knownFiles: string[];
    big: { hash: string; size: number; sha256: string };
  };
}

export interface CaseResult {
  name: string;
  ok: boolean;
  /** Why it failed, or why it was skipped. */
  detail?: string;
  skipped?: boolean;
}

/** One upload as the server received it. */
export interface ReceivedUpload {
  path: string;
  contentLength: string | null;
  transferEncoding: string | null;
  files: { name: string; size: number; sha256: string }[];
}

/** The disk helpers of runtimes that have a file system; the cases never import `node:*` themselves. */
export interface FileSystemAccess {
  /** A file of `size` bytes (random) in a scratch folder; its path and SHA-256. */
  makeFile(name: string, size: number): Promise<{ path: string; sha256: string }>;
  /** A path in the scratch folder to download to. */
  scratchPath(name: string): string;
  /** SHA-256 of a file on disk, lower-case hex. */
  sha256(path: string): Promise<string>;
}
