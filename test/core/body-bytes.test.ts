import { afterEach, describe, expect, it } from 'vitest';
import { joinParts, PartsBody } from '../../src/core/request/body-bytes.js';
import { encodeMultipart } from '../../src/core/request/multipart.js';
import { prepareBody } from '../../src/core/request/upload-body.js';

/**
 * Bun 1.4.5's Blob: a disk-backed Blob among other parts is dropped (`new Blob(['x', file]).size === 1`).
 * Posed here by dropping every Blob part of 50,000 bytes or more (FormData copies a File it is given,
 * so a mark on the object would not survive).
 */
const NativeBlob = globalThis.Blob;
class LossyBlob extends NativeBlob {
  constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
    const dropped = (part: BlobPart) => part instanceof NativeBlob && part.size >= 50_000;
    super(parts && parts.length > 1 ? parts.filter((part) => !dropped(part)) : parts, options);
  }
}

function diskFile(bytes: Uint8Array<ArrayBuffer>): File {
  return new File([bytes], 'big.bin');
}

/** Blob as Bun has it, for the code under test (the test's own values keep the real one). */
function poseAsBun(): void {
  globalThis.Blob = LossyBlob;
}

afterEach(() => {
  globalThis.Blob = NativeBlob;
});

describe('joinParts', () => {
  it('is one Blob where the platform joins the parts whole', () => {
    expect(joinParts(['ab', new Blob(['cd'])])).toBeInstanceOf(Blob);
  });

  it('keeps every byte where Blob drops a disk-backed part (Bun), read part by part', async () => {
    const bytes = crypto.getRandomValues(new Uint8Array(50_000));
    const file = diskFile(bytes);
    poseAsBun();
    const joined = joinParts(['head\r\n', file, '\r\ntail']);
    // Back before undici reads anything: it keeps the Blob it first meets as the one to check against.
    globalThis.Blob = NativeBlob;
    expect(joined).toBeInstanceOf(PartsBody);
    expect(joined.size).toBe(6 + bytes.byteLength + 6);
    const read = new Uint8Array(await new Response(joined.stream()).arrayBuffer());
    expect(new TextDecoder().decode(read.subarray(0, 6))).toBe('head\r\n');
    expect(read.subarray(6, 6 + bytes.byteLength)).toEqual(bytes);
    expect(new Uint8Array(await joined.arrayBuffer())).toEqual(read);
  });

  it('sends such a form as a stream with its Content-Length, whose bytes parse back whole', async () => {
    const bytes = crypto.getRandomValues(new Uint8Array(60_000));
    const form = new FormData();
    form.append('body', 'hello');
    form.append('media', diskFile(bytes), 'big.bin');
    poseAsBun();
    const prepared = prepareBody(form, undefined);
    globalThis.Blob = NativeBlob;
    expect(prepared?.body).toBeInstanceOf(ReadableStream);
    const length = Number(prepared?.headers['Content-Length']);
    const sent = new Uint8Array(await new Response(prepared?.body).arrayBuffer());
    expect(sent.byteLength).toBe(length);
    const contentType = prepared?.headers['Content-Type'] ?? '';
    const parsed = await new Response(sent, { headers: { 'Content-Type': contentType } }).formData();
    expect(new Uint8Array(await (parsed.get('media') as File).arrayBuffer())).toEqual(bytes);
    expect(encodeMultipart(form).body.size).toBe(length);
  });
});
