import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_BODY, parseJsonBody } from '../../src/core/body/body.js';
import { Redactor } from '../../src/core/secrets/redact.js';
import { AppClient, ValidationError } from '../../src/index.js';
import { TOKEN } from '../app/phpfox.js';
import { useLoopbackServer } from '../support/loopback.js';

const redactor = new Redactor([]);
const loopback = useLoopbackServer();

/** What `JSON.parse` was asked to read while `run` ran, in characters: the work, without timing it. */
function charactersParsed(run: () => unknown): number {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    run();
  } catch {
    // The outcome is checked elsewhere; here only the work counts.
  }
  const total = parse.mock.calls.reduce((sum, [text]) => sum + String(text).length, 0);
  parse.mockRestore();
  return total;
}

afterEach(() => vi.restoreAllMocks());

describe('the JSON after junk is found in time linear in the body', () => {
  it('a body whose every line opens an array: JSON.parse reads it at most twice, not once per line', () => {
    // 1 MiB here (the hostile review's 24 MiB blocked the event loop ~24 s with the old search,
    // which ran JSON.parse over the rest of the body for each of 64 candidate lines).
    const line = '[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n';
    const body = `${line.repeat(Math.ceil((1024 * 1024) / line.length))}junk`;
    const read = charactersParsed(() => parseJsonBody(body, redactor));
    expect(() => parseJsonBody(body, redactor)).toThrow(ValidationError);
    // The whole body, then only the document that ends it (if any).
    expect(read).toBeLessThanOrEqual(2 * body.length);
  });

  it('a body of array lines that does end in a document finds it with bounded work', () => {
    const line = '[1,2,3\n';
    const body = `${line.repeat(10_000)}{"ok":[1,"]",{"a":"\\"}["}]}`;
    expect(parseJsonBody(body, redactor)).toEqual({ ok: [1, ']', { a: '"}[' }] });
    expect(charactersParsed(() => parseJsonBody(body, redactor))).toBeLessThanOrEqual(2 * body.length);
  });

  it.each([
    ['a PHP notice', '<br />\n<b>Notice</b>: Undefined index in x.php on line 3<br />\n{"a":1}', { a: 1 }],
    ['markup right before', '<b>Warning</b>{"a":[1,2]}', { a: [1, 2] }],
    ['blank lines and spaces', 'Deprecated: x\n\n   \t[1,{"b":"{"}]', [1, { b: '{' }]],
    ['a notice that quotes brackets', 'Notice: [x] {y} "z\n{"a":"\\\\"}', { a: '\\' }],
    ['a first candidate that is not the document', '<p>\n[1,\n{"a":1}', { a: 1 }],
    ['a BOM and a notice', '\uFEFFNotice: x\n{"a":true}', { a: true }],
  ])('still skips %s', (_, body, expected) => {
    expect(parseJsonBody(body, redactor)).toEqual(expected);
  });

  it.each([
    ['text glued before the document', 'Notice: x{"a":1}'],
    ['junk after the document', 'Notice\n{"a":1}\n<br />'],
    ['an unbalanced document', 'Notice\n{"a":[1}'],
    ['only junk', '<html>oops</html>'],
  ])('refuses %s as before', (_, body) => {
    expect(() => parseJsonBody(body, redactor)).toThrow(ValidationError);
  });

  it('an empty body is still EMPTY_BODY', () => {
    expect(parseJsonBody(' \n ', redactor)).toBe(EMPTY_BODY);
  });

  it('over HTTP: an 8 MiB answer of array lines is a ValidationError, read with bounded work', async () => {
    const line = `[${'7,'.repeat(60)}\n`;
    const body = line.repeat(Math.ceil((8 * 1024 * 1024) / line.length));
    const baseUrl = await loopback.serve((_, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(body);
    });
    const app = new AppClient({ baseUrl, token: TOKEN, retry: 0 });
    const parse = vi.spyOn(JSON, 'parse');
    const error = await app.user.getUser().catch((e: unknown) => e);
    const read = parse.mock.calls.reduce((sum, [text]) => sum + String(text).length, 0);
    parse.mockRestore();
    expect(error).toBeInstanceOf(ValidationError);
    // At most twice; no parse per candidate line (the old search: 64).
    expect(read).toBeLessThanOrEqual(2 * body.length);
  }, 60_000);
});

describe('white space cannot make the search slow', () => {
  it('a body of blank lines between junk is one pass, not a backtrack per line', { timeout: 20_000 }, () => {
    // The former search's `(?:^|[\n>])\s*([[{])` backtracked over the rest of the run at each
    // `\n`: quadratic, 192 KiB of it took 43 s (the test then fails on its timeout; the event loop
    // is blocked, so it cannot fail sooner). One backward pass now: milliseconds.
    const body = `x${'\n \t'.repeat(64 * 1024)}x`;
    expect(() => parseJsonBody(body, redactor)).toThrow(ValidationError);
  });
});
