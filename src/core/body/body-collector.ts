/** A body as read: its bytes, and the value a collector took out of them on the way, if any. */
export interface CollectedBody {
  /** The body's bytes (with a lifted member's value emptied: `"content":""`). */
  bytes: Uint8Array;
  /** What the collector took out (a `filedata` chunk's decoded `content`). */
  lifted?: Uint8Array | undefined;
}

/**
 * Takes a body piece by piece as it arrives, so that a large member can be decoded on the way
 * instead of after the whole body is held (see `base64-member.ts`). Errors thrown by `add` or
 * `finish` end the read.
 */
export interface BodyCollector {
  /** The next piece of the body, in order. The collector may keep a view of it. */
  add(piece: Uint8Array): void;
  /** The body is complete. */
  finish(): CollectedBody;
}

/** The default: the body's pieces joined into one buffer, decoded once, when and if text is needed. */
export function wholeBody(): BodyCollector {
  const pieces: Uint8Array[] = [];
  return {
    add: (piece) => pieces.push(piece),
    finish: () => ({ bytes: joinBytes(pieces) }),
  };
}

const EMPTY = new Uint8Array(0);

/** The pieces as one buffer (the only piece itself, when there is one). */
export function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  if (pieces.length === 0) return EMPTY;
  if (pieces.length === 1) return pieces[0]!;
  let size = 0;
  for (const piece of pieces) size += piece.byteLength;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.byteLength;
  }
  return bytes;
}
