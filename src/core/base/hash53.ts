/**
 * A 53-bit hash of a text (cyrb53): fast, no dependency, and exact in a JS number. For remembering
 * what was seen (pages of a walk, items of a follower) in a few bytes each, where a collision can
 * only make the SDK stop early or skip a look-up, never loop. Two texts sharing a hash among n
 * remembered: odds about n² / 2⁵⁴.
 */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
