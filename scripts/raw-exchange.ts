import { writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

/** One HTTP exchange as the recorders write it: the status line, the raw headers, the body bytes. */
export interface Exchange {
  status: number;
  statusLine: string;
  rawHeaders: string[];
  body: Buffer;
}

/**
 * One request with node:http(s), answered whole: what the recorders (`npm run record`) send, with
 * no client of the SDK's between them and the server, so the recorded answer is the server's own.
 */
export function rawExchange(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Exchange> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusLine:
            `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage ?? ''}`.trim(),
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The recorded set being written to `outDir`: each exchange as `<name>.txt` (a `###` preamble in
 * LF, then the status line and headers in CRLF as received, then the body, all passed through
 * `normalize`, which takes the secrets and the host out), and an `INDEX.tsv` line each.
 */
export class Recording {
  readonly #index = ['file\tstatus\tcontent-type\tbody_bytes\tbody_start'];

  constructor(
    private readonly outDir: string,
    private readonly normalize: (text: string) => string,
  ) {}

  /** Writes one exchange; `requestLine` is the request as the preamble names it. */
  write(name: string, requestLine: string, answer: Exchange): void {
    const { normalize } = this;
    const headers: string[] = [];
    let contentType = '';
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      const header = answer.rawHeaders[i] ?? '';
      const value = answer.rawHeaders[i + 1] ?? '';
      if (header.toLowerCase() === 'content-type') contentType = value;
      headers.push(`${header}: ${value}`);
    }
    const body = normalize(answer.body.toString('utf8'));
    const preamble = [
      `### request: ${normalize(requestLine)}`,
      `### recorded: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
      '',
    ].join('\n');
    const head = [answer.statusLine, ...headers.map(normalize), ''].join('\r\n');
    const file = `${name}.txt`;
    writeFileSync(path.join(this.outDir, file), `${preamble}\n${head}\r\n${body}`);
    const start = body.slice(0, 60).replace(/\s+/g, ' ');
    this.#index.push([file, answer.statusLine, contentType, Buffer.byteLength(body), start].join('\t'));
    console.log(`${answer.status} ${file}`);
  }

  /** Writes `INDEX.tsv` and says how many exchanges were written. */
  close(): void {
    writeFileSync(path.join(this.outDir, 'INDEX.tsv'), `${this.#index.join('\n')}\n`);
    console.log(`\n${this.#index.length - 1} exchanges written to ${this.outDir}`);
  }
}
