import type { FakeSite } from '../../src/testing/index.js';
import { basic } from './helpers.js';

/**
 * Turns a recorded `curl` command (as in the hubzilla-8.8.7 fixtures) into a `Request` to the
 * fake site, translating the recorded hub's identifiers (file hashes, bob's xchan) to the fake's.
 * Supports the options the recordings use: -u, -H, -X, -G, -I, --data, --data-urlencode, -F.
 */
export function replayRequest(site: FakeSite, command: string): Request {
  const words = shellWords(translate(site, command)).slice(1);
  let method: string | undefined;
  let get = false;
  const headers = new Headers();
  const data: [string, string][] = [];
  let multipart: FormData | undefined;
  let url = '';
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    const next = () => words[++index] ?? '';
    if (word === '-u') {
      const value = next();
      const colon = value.indexOf(':');
      headers.set('Authorization', basic(value.slice(0, colon), value.slice(colon + 1)));
    } else if (word === '-H') {
      const value = next();
      const colon = value.indexOf(':');
      headers.set(value.slice(0, colon), value.slice(colon + 1).trim());
    } else if (word === '-X') method = next();
    else if (word === '-G') get = true;
    else if (word === '-I') method = 'HEAD';
    else if (word === '--data') data.push(...new URLSearchParams(next()));
    else if (word === '--data-urlencode') {
      const value = next();
      const equals = value.indexOf('=');
      data.push([value.slice(0, equals), value.slice(equals + 1)]);
    } else if (word === '-F') {
      const value = next();
      const equals = value.indexOf('=');
      multipart ??= new FormData();
      multipart.append(value.slice(0, equals), value.slice(equals + 1));
    } else if (word.startsWith('http')) url = word;
  }
  const target = new URL(url);
  const local = new URL(`${target.pathname.slice(1)}${target.search}`, site.url);
  const form = new URLSearchParams(data);
  if (get) for (const [name, value] of data) local.searchParams.append(name, value);
  const body = get ? undefined : (multipart ?? (data.length > 0 ? form : undefined));
  return new Request(local, { method: method ?? (body ? 'POST' : 'GET'), headers, body: body ?? null });
}

function translate(site: FakeSite, command: string): string {
  const { hub } = site.state;
  const hash = (path: string) => hub.files.find((file) => file.display_path === path)?.hash ?? path;
  const bob = hub.xchans.find((x) => x.name === 'Bob');
  const alice = hub.channels.find((channel) => channel.nick === 'alice');
  const bobConnection = hub.abooks.find(
    (row) => row.abook_channel === alice?.channel_id && row.abook_xchan === bob?.hash,
  );
  const pairs: [string, string][] = [
    ['24201231-e779-4e73-b48c-a20ccad61fe6', hash('Documents/notes.txt')],
    ['a96cb502-8d4a-4d73-8c73-406ee3e0f5e2', hash('Documents/big.bin')],
    ['6e310ba8-e58d-466d-a735-1de6deb5805a', hash('Documents/empty.txt')],
    ['ac755c5f-cec3-4c41-91cf-20c45c1b4f51', hash('Documents')],
    ['03b7e2db-96af-4000-ab7a-ccf4b654ecb4', hash('Vacation/beach.jpg')],
    ['0185d394-ce61-4ae3-a605-73e4c37fc437', hash('Vacation')],
    ['file_id=24201231', `file_id=${hash('Documents/notes.txt').slice(0, 8)}`],
    ['file_id=_4201231', `file_id=_${hash('Documents/notes.txt').slice(1, 8)}`],
    ['file_id=a\\&', `file_id=${hash('Documents/notes.txt').slice(0, 1)}\\&`],
    [
      'JjUCDgbhwTpnw04PRqHNMvCLuNhbomIMfeozcnmuEdzSQkwBKYtWUnFhQ9_8lDBXbGa3vBajBNypIHZXyA97gA',
      bob?.hash ?? '',
    ],
    [
      'Yu_fYOOn4VCzpC6ZYu9zk_GHAY6dveXjuBJt84UcVRjzdoB3B9Lf_zGyarV9LQm1kB2_7Y3lqtYNi7o5e-tNWw',
      bob?.guid ?? '',
    ],
    ['bob@127.0.0.1:8088', bob?.addr ?? ''],
    ['abook_id=2', 'abook_id=1'],
    // The 95* exchanges came from a later recording (`npm run record`): alice is channel 2 there,
    // and her connection with bob is abook 6.
    ['cid=6', `cid=${bobConnection?.abook_id ?? ''}`],
    ['uid=2', `uid=${alice?.channel_id ?? ''}`],
    ['start=1579000', 'start=1579000'],
  ];
  let text = command;
  for (const [from, to] of pairs) text = text.replaceAll(from, to);
  return text;
}

/** Splits a shell command line: backslash escapes, no quotes (the recordings use none). */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  for (let index = 0; index < line.length; index++) {
    const char = line[index] ?? '';
    if (char === '\\' && index + 1 < line.length) current += line[++index];
    else if (char === ' ') {
      if (current !== '') words.push(current);
      current = '';
    } else current += char;
  }
  if (current !== '') words.push(current);
  return words;
}
