import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Access to the recorded server answers in `test/fixtures/` (see its README): resolved from this
 * file, so the tests run the same from any checkout.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixturesDir = path.resolve(repoRoot, 'test/fixtures');

/** One recorded HTTP exchange of `hubzilla-8.8.7/`. */
export interface RecordedExchange {
  /** The request as recorded (the `curl ...` command after `### request: `). */
  request: string;
  status: number;
  statusText: string;
  /** In the recorded order and case; repeated headers (two `Set-Cookie`) stay repeated. */
  headers: [string, string][];
  /** Exactly as received; `''` for the many empty answers. */
  body: string;
}

const REQUEST_PREFIX = '### request: ';
const STATUS_LINE = /^HTTP\/\d(?:\.\d)? (\d{3})(?: (.*))?$/;

/** The names of the `hubzilla-8.8.7/` exchanges (`NN-endpoint-case.txt`) matching `pattern`, sorted. */
export function listHubzillaFixtures(pattern?: RegExp): string[] {
  return readdirSync(path.join(fixturesDir, 'hubzilla-8.8.7'))
    .filter((file) => file.endsWith('.txt') && (pattern === undefined || pattern.test(file)))
    .sort();
}

/**
 * The exchanges of one endpoint (`NN-<endpoint>-case.txt`, e.g. `files`, `group_members`) that
 * answered 200 with a non-empty body. Throws when there is none, so a renamed fixture cannot
 * silently empty a test table.
 */
export function hubzillaJsonFixtures(endpoint: string): string[] {
  const names = listHubzillaFixtures(new RegExp(`^\\d+[a-z]?-${endpoint}-`)).filter((name) => {
    const { status, body } = loadHubzillaFixture(name);
    return status === 200 && body !== '';
  });
  if (names.length === 0) throw new Error(`no JSON fixture for ${endpoint}`);
  return names;
}

/** Reads `hubzilla-8.8.7/<name>` (the `.txt` may be left out). */
export function loadHubzillaFixture(name: string): RecordedExchange {
  const file = name.endsWith('.txt') ? name : `${name}.txt`;
  const text = readFileSync(path.join(fixturesDir, 'hubzilla-8.8.7', file), 'utf8');
  return parseExchange(text, file);
}

function parseExchange(text: string, file: string): RecordedExchange {
  let request = '';
  let status: number | undefined;
  let statusText = '';
  const headers: [string, string][] = [];
  let position = 0;
  // Header lines end in CRLF as received; the `###` preamble in LF. Accept either everywhere so a
  // checkout that rewrote line endings still parses.
  while (position < text.length) {
    const newline = text.indexOf('\n', position);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(position, text[end - 1] === '\r' ? end - 1 : end);
    position = newline === -1 ? text.length : newline + 1;
    if (status === undefined) {
      if (line.startsWith(REQUEST_PREFIX)) request = line.slice(REQUEST_PREFIX.length);
      const match = STATUS_LINE.exec(line);
      if (match) {
        status = Number(match[1]);
        statusText = match[2] ?? '';
      }
      continue;
    }
    if (line === '') return { request, status, statusText, headers, body: text.slice(position) };
    const colon = line.indexOf(':');
    if (colon === -1) throw new Error(`${file}: malformed header line ${JSON.stringify(line)}`);
    headers.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  if (status === undefined) throw new Error(`${file}: no HTTP status line`);
  return { request, status, statusText, headers, body: '' };
}

/** The recorded exchange as a web `Response` (all headers but the hop-by-hop `Connection`). */
export function hubzillaResponse(name: string): Response {
  const { status, statusText, headers, body } = loadHubzillaFixture(name);
  const kept = headers.filter(([header]) => header.toLowerCase() !== 'connection');
  return new Response(body, { status, statusText, headers: kept });
}

/** The recorded body, parsed. Throws on the empty bodies: those are not JSON. */
export function hubzillaJson(name: string): unknown {
  const { body } = loadHubzillaFixture(name);
  if (body === '') throw new Error(`${name}: the recorded body is empty, not JSON`);
  return JSON.parse(body);
}

/** The phpFox versions recorded live from the kit (`npm run record -- --phpfox …`). */
export const RECORDED_PHPFOX_VERSIONS = ['3.0.1', '3.9.0'] as const;
export type RecordedPhpfoxVersion = (typeof RECORDED_PHPFOX_VERSIONS)[number];

/** The names of `phpfox-<version>/`'s exchanges (`NN-case`, without `.txt`), in recording order. */
export function listPhpfoxFixtures(version: RecordedPhpfoxVersion): string[] {
  return readdirSync(path.join(fixturesDir, `phpfox-${version}`))
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => file.slice(0, -'.txt'.length));
}

/** Reads `phpfox-<version>/<name>.txt`: one exchange recorded from the live kit. */
export function loadPhpfoxFixture(version: RecordedPhpfoxVersion, name: string): RecordedExchange {
  const file = `${name}.txt`;
  return parseExchange(readFileSync(path.join(fixturesDir, `phpfox-${version}`, file), 'utf8'), file);
}

/** phpFox 3.0.1's documented sample for `method` (e.g. `user.getUser`), on host `site.example`. */
export function loadPhpfoxSample(method: string): unknown {
  const text = readFileSync(path.join(fixturesDir, 'phpfox-3.0.1-docs', `${method}.json`), 'utf8');
  return JSON.parse(text.replaceAll('[DOMAIN_REPLACE]', 'site.example'));
}
