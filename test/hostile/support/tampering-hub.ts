import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeSite, type FakeSite } from '../../../src/testing/index.js';

/** Rewrites the Nth (1-based) `filedata` answer; returns it unchanged to leave it alone. */
export type Tamper = (attach: Record<string, unknown>, nth: number) => Record<string, unknown>;

/**
 * The fake hub on loopback HTTP, with its own fault injection (`site.faults`), plus what the fake
 * cannot express: `filedata` answers rewritten on the way out (broken base64, a size that changes).
 */
export class TamperingHub {
  readonly site: FakeSite = createFakeSite();
  tamper: Tamper | undefined;
  #server: Server | undefined;
  #url = '';
  #filedata = 0;

  get url(): string {
    return this.#url;
  }

  /** `filedata` requests since the last `reset()`. */
  get chunkRequests(): number {
    return this.#filedata;
  }

  async start(): Promise<void> {
    const server = createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === 'string') headers.set(name, value);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const request = new Request(`${this.#url}${incoming.url?.slice(1) ?? ''}`, {
        method: incoming.method ?? 'GET',
        headers,
        ...(body && incoming.method !== 'GET' ? { body } : {}),
      });
      let response: Response;
      try {
        response = await this.site.handler(request);
      } catch {
        outgoing.destroy();
        return;
      }
      let text = await response.text();
      if (incoming.url?.includes('/filedata')) {
        const nth = ++this.#filedata;
        if (this.tamper && text.startsWith('{')) {
          const answer = JSON.parse(text) as { attach: Record<string, unknown> };
          text = JSON.stringify({ ...answer, attach: this.tamper(answer.attach, nth) });
        }
      }
      outgoing.writeHead(response.status, {
        'Content-Type': response.headers.get('content-type') ?? 'text/html',
      });
      outgoing.end(text);
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  reset(): void {
    this.site.reset();
    this.tamper = undefined;
    this.#filedata = 0;
  }

  async close(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}
