import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { credentialsOf, echoOf } from './secrets.js';

/** What the body of an answer is made of: the operation's real answer and an echo of the request's secrets. */
export interface BodyContext {
  /** The real server's successful answer to the operation (recorded from the fake site). */
  ok: string;
  /** A line of server-side debug output quoting the request URL and its credentials. */
  echo: string;
  /** The credentials the request carried, decoded (token, key, Basic user:password, password). */
  said: string[];
}

/** What the server does for one attempt. Only the wire can show some of these, hence a raw node:http server. */
export type Step =
  | {
      kind: 'answer';
      status: number;
      body: (context: BodyContext) => string;
      /** Evaluated when answering (a `Retry-After` date must be relative to that moment). */
      headers?: () => Record<string, string>;
    }
  /** The connection drops before the status line. */
  | { kind: 'reset-before-headers' }
  /** Status and headers announce the whole body, half of it is sent, then the connection drops. */
  | { kind: 'reset-mid-body'; body: (context: BodyContext) => string }
  /** 200 and headers, then one byte every 20 ms, forever. */
  | { kind: 'drip' }
  /** The request is read and never answered. */
  | { kind: 'silent' };

/** One scripted exchange: attempt N gets `steps[N - 1]`, the last step repeating. */
export interface Script {
  steps: readonly Step[];
  ok: string;
  /** Called as each attempt arrives (1-based). */
  onHit?: (hit: number) => void;
}

/** A handle on one script's route. */
export interface Route {
  /** The site root for the client: the route's own path below the server. */
  baseUrl: string;
  /** How many requests reached this route. */
  hits(): number;
}

/**
 * A loopback HTTP server whose answers follow scripts. Each script gets its own path prefix, so
 * many cases can run at once against one server without seeing each other's requests.
 */
export class ScriptedServer {
  readonly #server: Server;
  readonly #routes = new Map<string, Script & { hits: number }>();
  readonly #sockets = new Set<Socket>();
  readonly #timers = new Set<ReturnType<typeof setInterval>>();
  #origin = '';
  #next = 0;

  private constructor() {
    this.#server = createServer((request, response) => this.#handle(request, response));
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(): Promise<ScriptedServer> {
    const scripted = new ScriptedServer();
    await new Promise<void>((resolve) => scripted.#server.listen(0, '127.0.0.1', resolve));
    scripted.#origin = `http://127.0.0.1:${(scripted.#server.address() as AddressInfo).port}`;
    return scripted;
  }

  route(script: Script): Route {
    const id = `r${++this.#next}`;
    const state = { ...script, hits: 0 };
    this.#routes.set(id, state);
    return { baseUrl: `${this.#origin}/${id}/`, hits: () => state.hits };
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }

  #handle(request: IncomingMessage, response: ServerResponse): void {
    const id = request.url?.split('/')[1] ?? '';
    const script = this.#routes.get(id);
    if (!script) {
      response.writeHead(500).end('no such script');
      return;
    }
    const hit = ++script.hits;
    script.onHit?.(hit);
    const step = script.steps[Math.min(hit, script.steps.length) - 1];
    if (!step || step.kind === 'reset-before-headers') {
      request.socket.destroy();
      return;
    }
    const { url = '', headers } = request;
    const context = {
      ok: script.ok,
      echo: echoOf(url, headers.authorization),
      said: credentialsOf(url, headers.authorization),
    };
    // Answer once the request (an upload, for writes) has arrived, as PHP does.
    request.resume();
    request.on('end', () => this.#answer(step, context, response));
  }

  #answer(
    step: Exclude<Step, { kind: 'reset-before-headers' }>,
    context: BodyContext,
    response: ServerResponse,
  ) {
    switch (step.kind) {
      case 'answer': {
        const body = Buffer.from(step.body(context));
        response.writeHead(step.status, {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Length': String(body.length),
          ...step.headers?.(),
        });
        response.end(body);
        return;
      }
      case 'reset-mid-body': {
        const body = Buffer.from(step.body(context));
        response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': String(body.length) });
        response.write(body.subarray(0, Math.floor(body.length / 2)), () => {
          setTimeout(() => response.socket?.destroy(), 5);
        });
        return;
      }
      case 'drip': {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        response.write('{"api":');
        const timer = setInterval(() => response.write(' '), 20);
        this.#timers.add(timer);
        response.on('close', () => {
          clearInterval(timer);
          this.#timers.delete(timer);
        });
        return;
      }
      case 'silent':
        return;
    }
  }
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/`;
}
