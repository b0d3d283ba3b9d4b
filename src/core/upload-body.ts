import { encodeMultipart } from './multipart.js';
import type { UploadProgress } from './options.js';
import { type RuntimeGlobals, serverRuntime } from './runtime.js';

/** A request body as handed to fetch, with the headers it needs. */
export interface PreparedBody {
  body: BodyInit;
  /** The bytes `body` sends (a streamed body is read from this Blob), for a signature's digest. */
  bytes: Blob | string;
  headers: Record<string, string>;
  /** Called once the answer's headers arrived: the upload is complete. */
  done?: () => void;
}

/**
 * Whether a streamed request body can report progress here. Node (undici), Deno and Bun send a
 * `ReadableStream` body over HTTP/1.1 with the `Content-Length` given; browsers stream request
 * bodies only over HTTP/2+ (Chromium) or not at all, so they get the Blob itself.
 */
export function canStreamUploads(globals?: RuntimeGlobals): boolean {
  return serverRuntime(globals) !== undefined;
}

/**
 * The body of one attempt. A form with files is encoded by the SDK (see `encodeMultipart`); with
 * `onUploadProgress`, where the runtime streams uploads, its bytes are counted as fetch pulls them;
 * elsewhere progress is told at the start (0) and once the server answered (all of it).
 */
export function prepareBody(
  body: URLSearchParams | FormData | undefined,
  onUploadProgress: ((progress: UploadProgress) => void) | undefined,
  // Asked only when there is progress to report: most calls have no body at all.
  streams?: boolean,
): PreparedBody | undefined {
  if (!(body instanceof FormData))
    return body === undefined ? undefined : { body, bytes: body.toString(), headers: {} };
  const encoded = encodeMultipart(body);
  const total = encoded.body.size;
  const headers = { 'Content-Type': encoded.contentType };
  const bytes = encoded.body;
  if (!onUploadProgress) return { body: bytes, bytes, headers };
  if (!(streams ?? canStreamUploads())) {
    onUploadProgress({ loaded: 0, total });
    return { body: bytes, bytes, headers, done: () => onUploadProgress({ loaded: total, total }) };
  }
  let loaded = 0;
  const counted = encoded.body.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        loaded += chunk.byteLength;
        onUploadProgress({ loaded, total });
      },
    }),
  );
  onUploadProgress({ loaded: 0, total });
  return { body: counted, bytes, headers: { ...headers, 'Content-Length': String(total) } };
}
