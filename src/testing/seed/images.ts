import type { Bytes } from '../http/base64.js';

/*
 * Tiny but valid images for the seeded photos, generated instead of stored: a solid-colour PNG
 * (RGB, uncompressed deflate blocks) and a solid grey baseline JPEG (one component, DC-only
 * blocks). Any decoder opens them; their sizes are what the photo rows say.
 */

/** A `width` x `height` PNG filled with `rgb`. */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number]): Bytes {
  const row = 1 + width * 3;
  const raw = new Uint8Array(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(rgb, y * row + 1 + x * 3);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8);
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibStored(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** A `width` x `height` baseline JPEG of one grey level (0-255). */
export function solidJpeg(width: number, height: number, grey: number): Bytes {
  const dc = Math.round(grey) - 128;
  const category = dc === 0 ? 0 : Math.floor(Math.log2(Math.abs(dc))) + 1;
  const bits = new BitWriter();
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  for (let block = 0; block < blocks; block++) {
    if (block === 0 && category > 0) {
      bits.write(0b00, 2); // DC category `category`
      bits.write(dc > 0 ? dc : dc + (1 << category) - 1, category);
    } else {
      bits.write(0b01, 2); // DC difference 0
    }
    bits.write(0, 1); // AC: end of block
  }
  const size = [height >> 8, height & 0xff, width >> 8, width & 0xff];
  return concat([
    new Uint8Array([0xff, 0xd8]),
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0, ...new Array<number>(64).fill(8)]),
    segment(0xc0, [8, ...size, 1, 1, 0x11, 0]),
    segment(0xc4, [0x00, 0, 2, ...new Array<number>(14).fill(0), category === 0 ? 1 : category, 0]),
    segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0]),
    segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    bits.finish(),
    new Uint8Array([0xff, 0xd9]),
  ]);
}

class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >> bit) & 1);
      if (++this.count === 8) this.flush();
    }
  }

  /** Pads the last byte with 1 bits and stuffs a 0 after every 0xFF, as JPEG entropy data needs. */
  finish(): Bytes {
    while (this.count !== 0) this.write(1, 1);
    return new Uint8Array(this.bytes);
  }

  private flush(): void {
    this.bytes.push(this.current);
    if (this.current === 0xff) this.bytes.push(0);
    this.current = 0;
    this.count = 0;
  }
}

function segment(marker: number, payload: readonly number[]): Bytes {
  const length = payload.length + 2;
  return new Uint8Array([0xff, marker, length >> 8, length & 0xff, ...payload]);
}

function pngChunk(type: string, data: Uint8Array): Bytes {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index++) chunk[4 + index] = type.charCodeAt(index);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** A zlib stream of stored (uncompressed) deflate blocks. */
function zlibStored(data: Uint8Array): Bytes {
  const parts: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  for (let start = 0; start < data.length || start === 0; start += 0xffff) {
    const block = data.subarray(start, start + 0xffff);
    const last = start + 0xffff >= data.length ? 1 : 0;
    const length = block.length;
    parts.push(
      new Uint8Array([last, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]),
      block,
    );
    if (last) break;
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler = new Uint8Array(4);
  new DataView(adler.buffer).setUint32(0, ((b << 16) | a) >>> 0);
  parts.push(adler);
  return concat(parts);
}

let crcTable: Uint32Array | undefined;

function crc32(data: Uint8Array): number {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function concat(parts: readonly Uint8Array[]): Bytes {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
