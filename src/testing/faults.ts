/**
 * Fault injection: what can go wrong between a client and a real site, on demand. Set it with the
 * `faults` option or at run time with `site.faults = {...}` (which also restarts the counters).
 */
export interface FaultOptions {
  /**
   * Delay before every answer, in milliseconds (an aborted request stops waiting).
   * @default 0
   */
  latencyMs?: number | undefined;
  /**
   * HTTP-level failures, checked in order; the first rule that fires answers the request.
   * @example [{ path: 'api/z/1.0/files', status: 503, retryAfter: 1, times: 2 }]
   */
  fail?: readonly FailRule[] | undefined;
  /**
   * Faults of single `filedata` chunks (the chunked download), by chunk start offset.
   * @example [{ offset: 1048576, fault: 'short', bytes: 1000 }]
   */
  filedata?: readonly ChunkFault[] | undefined;
  /**
   * Junk entries in the unthreaded network stream (`network/stream?compat=…`), as rows the hub
   * cannot encode would give: at these places of the list (0 = the newest, counted after
   * `since_id`), an entry takes a slot of `start`/`records` as an item would: `null`, `{}`, `"x"`
   * and an object without `message_id`/`uuid`, in turn. A client in `'strict'` validation refuses
   * such an answer; in `'warn'` or `'off'` it sees the junk.
   * @example { streamJunk: [1, 2, 3, 4, 8, 9, 10, 11] }
   */
  streamJunk?: readonly number[] | undefined;
}

/** Fails matching requests with an HTTP status, or drops their connection. */
export interface FailRule {
  /**
   * Only requests whose path below the site root contains this text (`'api.php'`,
   * `'api/z/1.0/filedata'`) or matches this expression.
   * @default every request
   */
  path?: string | RegExp | undefined;
  /** Only requests with this HTTP method. @default any method */
  method?: string | undefined;
  /** The Nth matching request is the first to fail (1-based). @default 1 */
  nth?: number | undefined;
  /** How many matching requests fail, from the Nth on; `Infinity` for all. @default 1 */
  times?: number | undefined;
  /** The HTTP status answered instead of the real answer. @default 503 */
  status?: number | undefined;
  /** A `Retry-After` header for the failure (seconds or an HTTP date). @default none */
  retryAfter?: number | string | undefined;
  /**
   * Instead of a status: send the real answer but drop the connection after this many bytes of
   * its body (`0`: before the status line). Through `site.handler` and msw the body stream errors
   * there; {@link startFakeServer} destroys the socket.
   * @default undefined (answer with `status`)
   */
  resetAfterBytes?: number | undefined;
  /**
   * Handle the request first (a write is stored), then fail it: the `status` answered instead of
   * the real answer (a proxy's 502/504 after the server did the work). With `resetAfterBytes` the
   * request is always handled first (`0`: the connection drops after the write was stored).
   * @default false (a `status` answers instead of handling the request)
   */
  afterHandling?: boolean | undefined;
  /**
   * Instead of a status: handle the request (a write is stored), then wait this long before
   * answering: a client whose timeout is shorter gives up during the answer.
   * @default undefined
   */
  stallMs?: number | undefined;
}

/** A fault of the `filedata` chunk that starts at `offset`. */
export interface ChunkFault {
  /** The `start` of the chunk request. */
  offset: number;
  /** Only this `file_id` (as sent). @default any file */
  fileId?: string | undefined;
  /**
   * `'error'`: an HTTP error instead of the chunk. `'short'`: fewer bytes than asked (the client
   * must continue from `start + length`). `'reset'`: the connection drops in the middle of the body.
   */
  fault: 'error' | 'short' | 'reset';
  /** For `'error'`: the status. @default 500 */
  status?: number | undefined;
  /** For `'short'`: how many bytes to return. @default half of what was asked (at least 1) */
  bytes?: number | undefined;
  /** How many times the fault fires for that chunk. @default 1 */
  times?: number | undefined;
}

/** What the site does instead of (or to) the normal answer. */
export type FaultAction =
  | { kind: 'status'; status: number; retryAfter?: number | string | undefined; afterHandling?: boolean }
  | { kind: 'reset'; afterBytes: number | undefined }
  | { kind: 'stall'; ms: number };

interface Counted<T> {
  rule: T;
  seen: number;
  fired: number;
}

/** The live fault state of one site. */
export class Faults {
  private options: FaultOptions = {};
  private failRules: Counted<FailRule>[] = [];
  private chunkRules: Counted<ChunkFault>[] = [];

  get current(): FaultOptions {
    return this.options;
  }

  set current(options: FaultOptions | undefined) {
    this.options = options ?? {};
    this.failRules = (options?.fail ?? []).map((rule) => ({ rule, seen: 0, fired: 0 }));
    this.chunkRules = (options?.filedata ?? []).map((rule) => ({ rule, seen: 0, fired: 0 }));
  }

  /** Waits out the configured latency; rejects with the signal's reason when aborted. */
  async delay(signal: AbortSignal): Promise<void> {
    const ms = this.options.latencyMs ?? 0;
    if (ms <= 0) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(done, ms);
      function done() {
        signal.removeEventListener('abort', abort);
        resolve();
      }
      function abort() {
        clearTimeout(timer);
        reject(signal.reason);
      }
      signal.addEventListener('abort', abort, { once: true });
    });
  }

  /** The HTTP failure for a request to `path` (below the site root), if a rule fires. */
  forRequest(path: string, method: string): FaultAction | undefined {
    for (const entry of this.failRules) {
      const { rule } = entry;
      if (rule.method !== undefined && rule.method.toUpperCase() !== method) continue;
      if (rule.path !== undefined) {
        const matches = typeof rule.path === 'string' ? path.includes(rule.path) : rule.path.test(path);
        if (!matches) continue;
      }
      entry.seen++;
      if (entry.seen < (rule.nth ?? 1) || entry.fired >= (rule.times ?? 1)) continue;
      entry.fired++;
      if (rule.resetAfterBytes !== undefined) return { kind: 'reset', afterBytes: rule.resetAfterBytes };
      if (rule.stallMs !== undefined) return { kind: 'stall', ms: rule.stallMs };
      const status = { kind: 'status', status: rule.status ?? 503, retryAfter: rule.retryAfter } as const;
      return rule.afterHandling ? { ...status, afterHandling: true } : status;
    }
    return undefined;
  }

  /** The fault of the `filedata` chunk of `fileId` starting at `start`, if one fires. */
  forChunk(fileId: string, start: number): ChunkFault | undefined {
    for (const entry of this.chunkRules) {
      const { rule } = entry;
      if (rule.offset !== start || (rule.fileId !== undefined && rule.fileId !== fileId)) continue;
      if (entry.fired >= (rule.times ?? 1)) continue;
      entry.fired++;
      return rule;
    }
    return undefined;
  }
}

/**
 * The header that marks an answer whose connection must drop after that many body bytes. The
 * body stream already errors there; {@link startFakeServer} and `fakeHandlers` remove the header
 * and act on it (the server destroys the socket).
 */
export const RESET_HEADER = 'x-fake-reset-after';
/** The full body length the cut answer announced (the server adapter sends it as Content-Length). */
export const RESET_TOTAL_HEADER = 'x-fake-reset-total';

/** `response` cut after `afterBytes` body bytes (default: half), or a network error for 0. */
export async function resetResponse(response: Response, afterBytes: number | undefined): Promise<Response> {
  if (afterBytes === 0) return Response.error();
  const body = new Uint8Array(await response.arrayBuffer());
  const cut = Math.min(afterBytes ?? Math.floor(body.length / 2), Math.max(body.length - 1, 0));
  const headers = new Headers(response.headers);
  headers.set(RESET_HEADER, String(cut));
  headers.set(RESET_TOTAL_HEADER, String(body.length));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (cut > 0) controller.enqueue(body.slice(0, cut));
    },
    async pull(controller) {
      // A tick later, so that adapters which stream the body send the first part before the error.
      await new Promise((resolve) => setTimeout(resolve, 5));
      controller.error(new TypeError('fake site: connection reset in the middle of the body'));
    },
  });
  return new Response(stream, { status: response.status, statusText: response.statusText, headers });
}

/** The answer of a `status` fault: an Apache-like HTML error page. */
export function statusResponse(status: number, retryAfter: number | string | undefined): Response {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=iso-8859-1' });
  if (retryAfter !== undefined) headers.set('Retry-After', String(retryAfter));
  const title = `${status} Fake failure`;
  return new Response(`<html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`, {
    status,
    headers,
  });
}
