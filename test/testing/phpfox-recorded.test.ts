import { beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FILE } from '../../scripts/record-phpfox.js';
import { createFakeSite, type FakeSite, type PhpfoxVersion } from '../../src/testing/index.js';
import {
  listPhpfoxFixtures,
  loadPhpfoxFixture,
  RECORDED_PHPFOX_VERSIONS,
  type RecordedExchange,
  type RecordedPhpfoxVersion,
} from '../support/fixtures.js';

/*
 * The fake against the live kit's answers (test/fixtures/phpfox-3.0.1, phpfox-3.9.0, recorded with
 * `npm run record -- --phpfox …`): every exchange replayed in the recorded order on one fresh fake
 * of that version must give the same status, content type, body shape and `error_id`; and where
 * the live site answered two requests alike (page 0 and page 1, a page past the end and the last
 * page, the photo list before and after an upload, a notification answer and a later one), the
 * fake must answer them alike too, and differently where the live site did.
 */
const FAKE_VERSION: Record<RecordedPhpfoxVersion, PhpfoxVersion> = { '3.0.1': '3.0', '3.9.0': '3.9' };
const RECORDED_KEY = '0123456789abcdef0123456789abcdef';

interface Replayed {
  name: string;
  recorded: RecordedExchange;
  status: number;
  contentType: string | null;
  body: string;
}

/** The recorded `curl -sS -i [-F name=value]… URL` as a request to the fake. */
function replayRequest(site: FakeSite, command: string, token: string): Request {
  const words = command.split(/(?<!\\) /).map((word) => word.replaceAll(/\\(.)/g, '$1'));
  const form = new FormData();
  let multipart = false;
  let url = '';
  for (let index = 0; index < words.length; index++) {
    const word = words[index] ?? '';
    if (word === '-F') {
      const part = words[++index] ?? '';
      const [name = '', value = ''] = [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)];
      multipart = true;
      if (value.startsWith('@')) {
        form.append(name, new File([UPLOAD_FILE.bytes()], value.slice(1), { type: 'image/jpeg' }));
      } else form.append(name, value);
    } else if (word.startsWith('http')) url = word;
  }
  const recorded = new URL(url);
  const local = new URL(recorded.pathname.slice(1), site.url);
  for (const [name, value] of recorded.searchParams) {
    const translated =
      name === 'token' && value === 'TOKEN'
        ? token
        : name === 'key' && value === RECORDED_KEY
          ? site.credentials.appKey
          : value;
    local.searchParams.set(name, translated);
  }
  return new Request(local, multipart ? { method: 'POST', body: form } : {});
}

async function replayAll(version: RecordedPhpfoxVersion): Promise<Replayed[]> {
  const site = createFakeSite({ envelope: FAKE_VERSION[version] });
  // The kit seeds 7 unseen notifications, the fake 5 (and 3 seen): two more make the walk alike.
  site.addNotification({ type: 'friend' });
  site.addNotification({ type: 'friend' });
  let token = '';
  const replayed: Replayed[] = [];
  for (const name of listPhpfoxFixtures(version)) {
    const recorded = loadPhpfoxFixture(version, name);
    const response = await site.handler(replayRequest(site, recorded.request, token));
    const body = await response.text();
    if (name === '00-token-key') token = (JSON.parse(body) as { token: string }).token;
    replayed.push({
      name,
      recorded,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body,
    });
  }
  return replayed;
}

/**
 * Where `fake` is not built like `live`: the same keys at every level, the same JSON types, the
 * first items of lists alike, a list empty in both or in neither. `null` stands for any value (the
 * two data sets differ in which users lack a country, which notifications an icon).
 */
function shapeDifferences(fake: unknown, live: unknown, at = 'body'): string[] {
  if (fake === null || live === null) return [];
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
  if (kind(fake) !== kind(live)) return [`${at}: ${kind(fake)} where live has ${kind(live)}`];
  if (Array.isArray(fake) && Array.isArray(live)) {
    if (fake.length === 0 || live.length === 0)
      return fake.length === live.length ? [] : [`${at}: ${fake.length} items where live has ${live.length}`];
    return shapeDifferences(fake[0], live[0], `${at}[0]`);
  }
  if (typeof fake !== 'object' || typeof live !== 'object') return [];
  const fakeRecord = fake as Record<string, unknown>;
  const liveRecord = live as Record<string, unknown>;
  const keys = new Set([...Object.keys(fakeRecord), ...Object.keys(liveRecord)]);
  return [...keys].flatMap((key) => {
    if (!(key in liveRecord)) return [`${at}.${key}: not in the live answer`];
    if (!(key in fakeRecord)) return [`${at}.${key}: missing`];
    return shapeDifferences(fakeRecord[key], liveRecord[key], `${at}.${key}`);
  });
}

const errorId = (body: string) =>
  body === '' ? undefined : (JSON.parse(body) as { output?: { error_id?: unknown } }).output?.error_id;

describe.each(RECORDED_PHPFOX_VERSIONS)('the fake (envelope %s) against the live recording', (version) => {
  let replayed: Replayed[] = [];
  beforeAll(async () => {
    replayed = await replayAll(version);
  });
  const names = listPhpfoxFixtures(version);

  it('replays every recorded exchange', () => {
    expect(names.length).toBeGreaterThan(40);
    expect(replayed.map((entry) => entry.name)).toEqual(names);
  });

  it.each(names)('%s: same status, content type, body shape and error_id', (name) => {
    const entry = replayed.find((candidate) => candidate.name === name);
    if (!entry) throw new Error(`${name} was not replayed`);
    const { recorded } = entry;
    expect(entry.status).toBe(recorded.status);
    const contentType = recorded.headers.find(([header]) => header.toLowerCase() === 'content-type')?.[1];
    expect(entry.contentType?.toLowerCase()).toBe(contentType?.toLowerCase());
    if (recorded.body === '') {
      expect(entry.body).toBe('');
      return;
    }
    expect(shapeDifferences(JSON.parse(entry.body), JSON.parse(recorded.body))).toEqual([]);
    expect(errorId(entry.body)).toEqual(errorId(recorded.body));
  });

  it('answers alike exactly where the live site answered alike', () => {
    const json = replayed.filter((entry) => entry.recorded.body !== '' && entry.name !== '00-token-key');
    const differences: string[] = [];
    for (const [i, one] of json.entries()) {
      for (const other of json.slice(i + 1)) {
        const live = one.recorded.body === other.recorded.body;
        const fake = one.body === other.body;
        if (live !== fake) differences.push(`${one.name} ${live ? '==' : '!='} ${other.name} live`);
      }
    }
    expect(differences).toEqual([]);
  });
});
