import http from 'node:http';
import https from 'node:https';

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
