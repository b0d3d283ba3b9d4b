import { createHash } from 'node:crypto';
import { createFakeSite, type FakeServer, startFakeServer } from '../../src/testing/index.js';
import type { ConformanceConfig, ReceivedUpload } from '../../test/runtimes/contract.js';

/**
 * The embedded fake over real HTTP, plus the runner's own routes under `/__conformance/`: what the
 * server received of each upload (`uploads`, emptied by each read) and a route that never answers
 * (`hang/…`, for aborts and timeouts). CORS is asked for explicitly: the Chromium page is served
 * from another origin.
 */
export interface ConformanceServer {
  server: FakeServer;
  config: ConformanceConfig;
  close(): Promise<void>;
}

const CONTROL = '/__conformance/';

export async function startConformanceServer(): Promise<ConformanceServer> {
  let uploads: ReceivedUpload[] = [];
  const hanging = new Set<() => void>();
  const site = createFakeSite({ siteUrl: 'http://127.0.0.1' });
  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === `${CONTROL}uploads`) {
      const body = JSON.stringify(uploads);
      uploads = [];
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    }
    if (url.pathname.startsWith(`${CONTROL}hang/`)) {
      await new Promise<void>((resolve) => {
        hanging.add(resolve);
        setTimeout(resolve, 60_000).unref();
      });
      return new Response('gave up', { status: 504 });
    }
    if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
      uploads.push(await describeUpload(request.clone(), url.pathname));
    }
    return site.handler(request);
  };
  const served = Object.create(site, { handler: { value: handler } }) as typeof site;
  const server = await startFakeServer({ site: served, cors: true });
  const big = site.files.big;
  const config: ConformanceConfig = {
    baseUrl: server.url,
    controlUrl: new URL(CONTROL, server.url).href,
    appKey: server.credentials.appKey,
    appUserId: server.credentials.appUserId,
    hub: { username: server.credentials.channel.username, password: server.credentials.channel.password },
    expected: {
      friends: site.state.app.friends.get(server.credentials.appUserId)?.length ?? 0,
      knownFiles: [site.files.notes.file_id, site.files.big.file_id, site.files.empty.file_id],
      big: { hash: big.file_id, size: big.filesize, sha256: big.sha256 },
    },
  };
  return {
    server,
    config,
    close: async () => {
      for (const release of hanging) release();
      await server.close();
    },
  };
}

async function describeUpload(request: Request, path: string): Promise<ReceivedUpload> {
  const files: ReceivedUpload['files'] = [];
  const form = await request.formData();
  for (const [, value] of form) {
    if (typeof value === 'string') continue;
    const bytes = new Uint8Array(await value.arrayBuffer());
    files.push({
      name: value.name,
      size: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  }
  return {
    path,
    contentLength: request.headers.get('content-length'),
    transferEncoding: request.headers.get('transfer-encoding'),
    files,
  };
}
