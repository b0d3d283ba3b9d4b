import fc from 'fast-check';

/**
 * How one `filedata` answer departs from the truth. Honest departures (fewer or more bytes than
 * asked, numbers sent as strings) must still give a byte-exact file; dishonest ones (a wrong
 * offset, a wrong length, a changed size, broken base64, an error) must give an `SdkError`, never
 * a silently wrong file.
 */
export interface ChunkAnswer {
  serve: 'asked' | 'fewer' | 'more' | 'none';
  /** For `fewer`: the share of what was asked (rounded down, at least 1 byte); for `more`: extra bytes. */
  amount: number;
  /** Added to the echoed `start` (and to where the bytes come from). */
  startShift: number;
  /** Added to the announced `length`. */
  lengthLie: number;
  /** Added to the record's `filesize`. */
  filesizeShift: number;
  content: 'base64' | 'bad-character' | 'unpadded' | 'line-breaks';
  status: 200 | 404 | 500;
  /** PostgreSQL hubs send numeric columns as strings. */
  numbers: 'numbers' | 'strings';
  /**
   * A key twice: `content` (other bytes first, `""` last) or the whole `attach` (another record's
   * bytes first, this one's with `""` last); or `nested`: another `content` in an object before
   * `attach`, whose own is `""`. `JSON.parse` keeps the last, a streaming reader meets the first
   * first: such an answer must be refused, never give the first one's bytes.
   */
  duplicate: 'none' | 'content' | 'attach' | 'nested';
}

export const HONEST: ChunkAnswer = {
  serve: 'asked',
  amount: 0,
  startShift: 0,
  lengthLie: 0,
  filesizeShift: 0,
  content: 'base64',
  status: 200,
  numbers: 'numbers',
  duplicate: 'none',
};

/** Whether a download made only of such answers must succeed. */
export function isHonest(answer: ChunkAnswer): boolean {
  return (
    answer.serve !== 'none' &&
    answer.startShift === 0 &&
    answer.lengthLie === 0 &&
    answer.filesizeShift === 0 &&
    answer.content === 'base64' &&
    answer.status === 200 &&
    answer.duplicate === 'none'
  );
}

const often = <T>(usual: T, rare: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: rare });
const shift = fc.integer({ min: -3, max: 3 }).filter((value) => value !== 0);

export const chunkAnswer: fc.Arbitrary<ChunkAnswer> = fc.record({
  serve: fc.constantFrom<ChunkAnswer['serve']>('asked', 'asked', 'fewer', 'fewer', 'more', 'none'),
  amount: fc.double({ min: 0, max: 1, noNaN: true }),
  startShift: often(0, shift),
  lengthLie: often(0, shift),
  filesizeShift: often(0, shift),
  content: often<ChunkAnswer['content']>(
    'base64',
    fc.constantFrom('bad-character', 'unpadded', 'line-breaks'),
  ),
  status: often<ChunkAnswer['status']>(200, fc.constantFrom(404, 500)),
  numbers: fc.constantFrom<ChunkAnswer['numbers']>('numbers', 'strings'),
  duplicate: often<ChunkAnswer['duplicate']>('none', fc.constantFrom('content', 'attach', 'nested')),
});

/**
 * The answer's text: `attach` as JSON, or with a key twice (see `ChunkAnswer.duplicate`); the
 * first copy holds `decoy`'s bytes (the real ones flipped), the last an empty `content`.
 */
export function answerText(attach: Record<string, unknown>, duplicate: ChunkAnswer['duplicate']): string {
  if (duplicate === 'none') return JSON.stringify({ attach });
  const decoy = { ...attach, content: flipped(String(attach.content)) };
  if (duplicate === 'attach')
    return `{"attach":${JSON.stringify(decoy)},"attach":${JSON.stringify({ ...attach, content: '' })}}`;
  if (duplicate === 'nested')
    return JSON.stringify({ x: { content: decoy.content }, attach: { ...attach, content: '' } });
  return `{"attach":${JSON.stringify(decoy).slice(0, -1)},"content":""}}`;
}

/** Other bytes of the same length, as base64. */
function flipped(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  for (let at = 0; at < bytes.length; at++) bytes[at] = bytes[at]! ^ 0x5a;
  return bytes.toString('base64');
}

/** The bytes served for a request of `length` bytes at `start` of `data`, per `answer`. */
export function servedBytes(
  data: Uint8Array,
  start: number,
  length: number,
  answer: ChunkAnswer,
): Uint8Array {
  const from = Math.max(0, start + answer.startShift);
  const asked = Math.max(0, Math.min(length, data.length - from));
  const count =
    answer.serve === 'none'
      ? 0
      : answer.serve === 'fewer'
        ? Math.max(1, Math.floor(asked * answer.amount))
        : answer.serve === 'more'
          ? asked + Math.ceil(answer.amount * 10)
          : asked;
  return data.slice(from, from + Math.min(count, asked === 0 ? 0 : count));
}

/** Base64 as Hubzilla sends it, or broken the ways a proxy or a PHP misconfiguration breaks it. */
export function encodeContent(bytes: Uint8Array, content: ChunkAnswer['content']): string {
  const base64 = Buffer.from(bytes).toString('base64');
  if (base64 === '') return base64;
  switch (content) {
    case 'base64':
      return base64;
    case 'bad-character':
      return `${base64.slice(0, 1)}*${base64.slice(2)}`;
    case 'unpadded':
      return base64.endsWith('=') ? base64.replace(/=+$/, '') : `${base64}A`;
    case 'line-breaks':
      return `${base64.slice(0, 2)}\r\n${base64.slice(2)}`;
  }
}
