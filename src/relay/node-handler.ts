/** What the adapter needs of Node's `IncomingMessage` (structural: the relay's types need no `@types/node`). */
export interface NodeIncoming extends AsyncIterable<Uint8Array> {
  /** The request's method. */
  method?: string | undefined;
  /** The path and query (below a router's mount path in Express: see `originalUrl`). */
  url?: string | undefined;
  /** Express keeps the full path here when the router is mounted below a prefix. */
  originalUrl?: string | undefined;
  /** The connection: `encrypted` on an `https` server, which makes the relay's own origin `https:`. */
  socket?: unknown;
  /** The request's headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** Subscribes once to an event. */
  once(event: 'close', listener: () => void): unknown;
}

/** What the adapter needs of Node's `ServerResponse`. */
export interface NodeOutgoing {
  /** Sends the status and headers. */
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  /** Sends a piece of the body; `false` asks to wait for `drain`. */
  write(chunk: Uint8Array): boolean;
  /** Ends the answer. */
  end(): unknown;
  /** Subscribes once to an event. */
  once(event: 'drain' | 'close', listener: () => void): unknown;
  /** Whether the whole answer was handed to the system. */
  readonly writableFinished?: boolean;
  /** Drops the connection (an answer that failed midway). */
  destroy(error?: Error): unknown;
}

/**
 * Mounts a Fetch-API handler (the relay) on Node's `http` server, Express or anything else with
 * Node's request and response: the request body is streamed to the handler, the answer streamed
 * back with backpressure, and a client that goes away aborts the relayed call (`request.signal`).
 *
 * @example
 * http.createServer(toNodeHandler(relay)).listen(3000);
 * expressApp.use('/social', toNodeHandler(relay));
 */
export function toNodeHandler(
  handler: (request: Request) => Promise<Response>,
): (incoming: NodeIncoming, outgoing: NodeOutgoing) => Promise<void> {
  return async (incoming, outgoing) => {
    const controller = new AbortController();
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) controller.abort(new Error('The client went away'));
    });
    try {
      const response = await handler(toRequest(incoming, controller.signal));
      await send(response, outgoing);
    } catch {
      outgoing.destroy();
    }
  };
}

function toRequest(incoming: NodeIncoming, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = incoming.method ?? 'GET';
  // Only the path and query are read from the URL: the Host header names no upstream. The origin
  // (scheme and Host) is the relay's own as the page sees it, which a write's `Origin` is checked against.
  const encrypted = (incoming.socket as { encrypted?: unknown } | null | undefined)?.encrypted === true;
  const scheme = encrypted ? 'https' : 'http';
  const url = new URL(
    incoming.originalUrl ?? incoming.url ?? '/',
    `${scheme}://${headers.get('host') ?? 'localhost'}`,
  );
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const from = (ReadableStream as unknown as { from(source: AsyncIterable<Uint8Array>): ReadableStream })
    .from;
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: from(incoming), duplex: 'half' } : {}),
  } as RequestInit);
}

async function send(response: Response, outgoing: NodeOutgoing): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(response.status, headers);
  if (response.body === null) {
    outgoing.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!outgoing.write(value)) await new Promise<void>((resolve) => outgoing.once('drain', resolve));
  }
  outgoing.end();
}
