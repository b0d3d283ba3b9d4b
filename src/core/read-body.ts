import { TimeoutError } from './errors/timeout-error.js';

/**
 * Reads a whole body as text, bounded by `timeoutMs`: a server that stalls mid-body ends in
 * `TimeoutError`, never a hang. Runs inside the attempt, so a cut-off body can still be retried.
 */
export async function readBodyText(
  body: ReadableStream<Uint8Array> | null,
  timeoutMs: number | undefined,
  details: { url: string },
): Promise<string> {
  if (body === null) return '';
  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    if (timeoutMs === undefined) return;
    timer = setTimeout(() => {
      reject(
        new TimeoutError(`Reading the answer took longer than ${timeoutMs} ms`, {
          ...details,
          timeout: timeoutMs,
        }),
      );
      reader.cancel().catch(() => {});
    }, timeoutMs);
  });
  timedOut.catch(() => {});
  try {
    return await Promise.race([drain(reader), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Collects the bytes and decodes once: one flat string, not a rope of pieces flattened later. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  if (chunks.length === 1) return new TextDecoder().decode(chunks[0]);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
