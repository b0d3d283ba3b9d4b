import { type RuntimeGlobals, streamsKeepContentLength } from '../base/runtime.js';
import type { UploadProgress } from '../options/options.js';
import type { BodyBytes } from './body-bytes.js';
import { encodeMultipart } from './multipart.js';

/** A request body as handed to fetch, with the headers it needs. */
export interface PreparedBody {
  body: BodyInit;
  /** The bytes `body` sends (a streamed body is read from these), for a signature's digest. */
  bytes: BodyBytes | string;
  headers: Record<string, string>;
  /** Called once the answer's headers arrived: the upload is complete. */
  done?: () => void;
}

/**
 * Whether a streamed request body can report progress here: only where a `ReadableStream` body
 * still goes out with its `Content-Length` (see `streamsKeepContentLength`). Elsewhere the upload is
 * sent whole, so that it always carries its length, and its progress is told at the start and end.
 */
export function canStreamUploads(globals?: RuntimeGlobals): boolean {
  return streamsKeepContentLength(globals);
}

/**
 * The body of one attempt. A form with files is encoded by the SDK (see `encodeMultipart`); with
 * `onUploadProgress`, where the runtime streams uploads, its bytes are counted as fetch pulls them;
 * elsewhere progress is told at the start (0) and once the server answered (all of it). Not ky's
 * `onUploadProgress`: it streams a body wherever a runtime can (a browser then sends no length, or
 * fails over HTTP/1.1) and guesses a form's size; this counts the exact bytes sent.
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
  const bytes = encoded.body;
  const total = bytes.size;
  const headers = { 'Content-Type': encoded.contentType };
  // Parts that could not be joined into one Blob (see `joinParts`) go out as a stream with their length.
  const sized = { ...headers, 'Content-Length': String(total) };
  if (!onUploadProgress) {
    return bytes instanceof Blob
      ? { body: bytes, bytes, headers }
      : { body: bytes.stream(), bytes, headers: sized };
  }
  if (!(streams ?? canStreamUploads())) {
    onUploadProgress({ loaded: 0, total });
    const done = () => onUploadProgress({ loaded: total, total });
    return bytes instanceof Blob
      ? { body: bytes, bytes, headers, done }
      : { body: bytes.stream(), bytes, headers: sized, done };
  }
  let loaded = 0;
  const counted = bytes.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        loaded += chunk.byteLength;
        onUploadProgress({ loaded, total });
      },
    }),
  );
  onUploadProgress({ loaded: 0, total });
  return { body: counted, bytes, headers: sized };
}
