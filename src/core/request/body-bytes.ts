/** What a request body's bytes offer: a `Blob`, or parts that no Blob could hold together. */
export interface BodyBytes {
  readonly size: number;
  stream(): ReadableStream<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * The parts as one body: a Blob when the platform can make one of them, else {@link PartsBody}.
 * Bun's `new Blob(parts)` drops a disk-backed Blob (`fs.openAsBlob`) among other parts (1.4.5:
 * `new Blob(['x', file]).size === 1`), which would upload an empty file; a Blob whose size is not
 * the sum of its parts is never trusted.
 */
export function joinParts(parts: readonly (string | Blob)[]): BodyBytes {
  const blobs = parts.map((part) => (typeof part === 'string' ? new Blob([part]) : part));
  const size = blobs.reduce((sum, blob) => sum + blob.size, 0);
  const joined = new Blob(blobs);
  return joined.size === size ? joined : new PartsBody(blobs, size);
}

/** Blobs read one after another, each as it is sent: a disk-backed file is never held in memory. */
export class PartsBody implements BodyBytes {
  readonly #blobs: readonly Blob[];
  readonly size: number;

  constructor(blobs: readonly Blob[], size: number) {
    this.#blobs = blobs;
    this.size = size;
  }

  stream(): ReadableStream<Uint8Array> {
    const blobs = this.#blobs;
    let next = 0;
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        for (;;) {
          if (reader === undefined) {
            const blob = blobs[next++];
            if (blob === undefined) return controller.close();
            reader = blob.stream().getReader();
          }
          const { done, value } = await reader.read();
          if (!done) return controller.enqueue(value);
          reader = undefined;
        }
      },
      cancel: (reason) => reader?.cancel(reason),
    });
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return new Response(this.stream()).arrayBuffer();
  }
}
