import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBody } from '../../src/core/request/upload-body.js';
import { AppClient, NativeClient, type UploadProgress } from '../../src/index.js';
import { type FakeServer, startFakeServer } from '../../src/testing/index.js';
import { useLoopbackServer } from '../support/loopback.js';

const loopback = useLoopbackServer();
const servers: FakeServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

/** A site that takes this photo: over PHP's default upload_max_filesize (2M), the SDK refuses it. */
const serverLimits = { uploadMaxFilesize: 4 * 1024 * 1024 };
/** 3 MiB of varied bytes, as a PNG by name. */
const photo = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, index) => (index * 7) % 251);

describe('upload progress in Node (a streamed multipart body)', () => {
  it('counts every byte up to a Content-Length the server gets, with no chunked encoding', async () => {
    let seen:
      | { length?: string | undefined; chunked?: string | undefined; received: number; body: Buffer }
      | undefined;
    const baseUrl = await loopback.serve((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        const body = Buffer.concat(parts);
        seen = {
          length: request.headers['content-length'],
          chunked: request.headers['transfer-encoding'],
          received: body.length,
          body,
        };
        response.end(JSON.stringify({ api: {}, output: { photo_id: '5', original: 'x.png' } }));
      });
    });
    const progress: UploadProgress[] = [];
    const app = new AppClient({ baseUrl, token: 'T0KEN', validation: 'off', serverLimits });
    await app.photo.addPhoto(
      { photo, photo_name: 'holiday.png' },
      { onUploadProgress: (event) => progress.push(event) },
    );
    expect(seen?.chunked).toBeUndefined();
    expect(Number(seen?.length)).toBe(seen?.received);
    const total = seen!.received;
    expect(progress[0]).toEqual({ loaded: 0, total });
    expect(progress.at(-1)).toEqual({ loaded: total, total });
    expect(progress.length).toBeGreaterThan(3);
    for (let index = 1; index < progress.length; index++)
      expect(progress[index]!.loaded).toBeGreaterThan(progress[index - 1]!.loaded);
    // The photo's bytes arrived intact inside the multipart body.
    const start = seen!.body.indexOf('\r\n\r\n', seen!.body.indexOf('filename="holiday.png"')) + 4;
    const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    expect(digest(seen!.body.subarray(start, start + photo.length))).toBe(digest(photo));
  });

  it('items.update media reports progress and the fake hub stores the bytes', async () => {
    const server = await startFakeServer({ serverLimits });
    servers.push(server);
    const { username, password } = server.credentials.channel;
    const hub = new NativeClient({ baseUrl: server.hubBaseUrl, username, password, serverLimits });
    const progress: UploadProgress[] = [];
    const { item } = await hub.items.update(
      { body: 'with a picture', media: new File([photo], 'big.png', { type: 'image/png' }) },
      { onUploadProgress: (event) => progress.push(event) },
    );
    expect(item).toBeDefined();
    expect(
      server.site.state.hub.files.some(
        (file) => file.filename === 'big.png' && file.filesize === photo.length,
      ),
    ).toBe(true);
    const total = progress.at(-1)!.total;
    expect(total).toBeGreaterThan(photo.length);
    expect(progress.at(-1)!.loaded).toBe(total);
  });
});

describe('upload progress where uploads cannot stream (browsers)', () => {
  it('tells 0 before sending and the whole size once answered', async () => {
    const form = new FormData();
    form.append('photo', new Blob([photo]), 'a.png');
    const progress: UploadProgress[] = [];
    const prepared = prepareBody(form, (event) => progress.push(event), false)!;
    expect(prepared.body).toBeInstanceOf(Blob);
    const total = (prepared.body as Blob).size;
    expect(progress).toEqual([{ loaded: 0, total }]);
    prepared.done?.();
    expect(progress).toEqual([
      { loaded: 0, total },
      { loaded: total, total },
    ]);
  });
});
