import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { NotFoundError, SdkError } from '../../src/core/errors/index.js';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';
import { alice, on, recorded, recordedQuery, replay, sameQuery } from './hub.js';

const { server, requests } = useMswServer();

interface RawItem {
  message_top: string;
  uuid: string;
}
/** The whole network stream (18 page 1 + 18c page 2), as threads in the hub's order. */
const ALL = [
  ...(hubzillaJson('18b-network_stream-page_1.txt') as RawItem[]),
  ...(hubzillaJson('18c-network_stream-page_2.txt') as RawItem[]),
];
const THREADS = [...new Set(ALL.map((item) => item.message_top))];

/** network/stream paged by threads: `records` threads from `start`, each with its comments. */
const threadHub = on('network/stream', (_request, url) => {
  const start = Number(url.searchParams.get('start'));
  const records = Number(url.searchParams.get('records'));
  const wanted = new Set(THREADS.slice(start, start + records));
  return HttpResponse.json(ALL.filter((item) => wanted.has(item.message_top)));
});

describe('channel', () => {
  it('exports with sections comma-joined; posts as the items section, never as posts=1 (15b, 15c)', async () => {
    server.use(replay('channel/export/basic', '15c-channel_export_basic-sections_bogus.txt'));
    const exported = await alice().channel.exportBasic({ sections: ['channel', 'connections'], posts: true });
    expect(requests[0]?.method).toBe('GET');
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual({
      sections: 'channel,connections,items',
    });
    expect(exported.compatibility.project).toBe('hubzilla');
    expect(exported.relocate.channel_address).toBe('alice');
    server.use(
      on('channel/export/basic', (request) =>
        sameQuery(request, recordedQuery('15b-channel_export_basic-sections_items.txt'))
          ? recorded('15b-channel_export_basic-sections_items.txt')
          : new HttpResponse('', { status: 400 }),
      ),
    );
    const items = await alice().channel.exportBasic({ sections: ['items'] });
    expect(Array.isArray(items.item)).toBe(true);
  });

  it('reads the channel stream with GET, mindate as UTC date-time (16, 16b)', async () => {
    server.use(replay('channel/stream', '16-channel_stream-GET_default.txt'));
    const items = await alice().channel.stream();
    expect(items).toHaveLength(8);
    expect(items[0]).toMatchObject({ uuid: 'c1c50ce3-f565-4f7d-b910-ec0768042c59', expires: null });
    expect(items[0]?.created).toBeInstanceOf(Date);
    server.use(replay('channel/stream', '16b-channel_stream-GET_mindate_future.txt'));
    await expect(alice().channel.stream({ mindate: new Date(Date.UTC(2030, 0, 1)) })).resolves.toEqual([]);
    expect(requests.map((request) => request.method)).toEqual(['GET', 'GET']);
    expect(new URL(requests[1]!.url).searchParams.get('mindate')).toBe('2030-01-01 00:00:00');
  });

  it("reads the empty answer for another account's channel (06f) as NotFoundError", async () => {
    server.use(replay('channel/stream', '06f-auth-channel_param_other_account.txt'));
    await expect(alice({ channel: 'bob' }).channel.stream()).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('network.stream', () => {
  it('asks for start + records threads with GET (19) and reads a page of threads WITH comments', async () => {
    server.use(
      on('network/stream', (request) =>
        sameQuery(request, recordedQuery('19-network_stream-start0_records3.txt'))
          ? recorded('19-network_stream-start0_records3.txt')
          : new HttpResponse('', { status: 400 }),
      ),
    );
    const page = await alice().network.stream({ records: 3 });
    expect(requests[0]?.method).toBe('GET');
    expect(page.items).toHaveLength(6);
    expect(page.hasNextPage()).toBe(true);
  });

  it('walks every thread page by page and stops at the end', async () => {
    server.use(threadHub);
    const items = await alice().network.stream({ records: 3 }).toArray();
    expect(items.map((item) => item.uuid)).toEqual(ALL.map((item) => item.uuid));
    expect(requests.map((request) => new URL(request.url).search)).toEqual(
      [0, 3, 6, 9, 12].map((start) => `?start=${start}&records=3`),
    );
  });

  it('stops after a page with fewer threads than asked, even when it has more items (20c)', async () => {
    server.use(replay('network/stream', '20c-network_stream-search.txt'));
    const items = await alice()
      .network.stream({ search: 'Bob', records: 2 + 1 })
      .toArray();
    expect(items).toHaveLength(2);
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual({
      search: 'Bob',
      start: '0',
      records: '3',
    });
  });

  it('sends the filters (20b) and defaults to 10 threads from 0', async () => {
    server.use(replay('network/stream', '20b-network_stream-dbegin.txt'));
    const page = await alice().network.stream({
      dbegin: new Date(Date.UTC(2030, 0, 1)),
      star: true,
      since_id: 7,
    });
    expect(page.items).toEqual([]);
    expect(Object.fromEntries(new URL(requests[0]!.url).searchParams)).toEqual({
      dbegin: '2030-01-01 00:00:00',
      star: '1',
      since_id: '7',
      start: '0',
      records: '10',
    });
  });

  it('cid: reads the connection (85b) first and sends its channel as uid, which 8.8.7 needs', async () => {
    server.use(
      replay('abook', '85b-abook-abook_id.txt'),
      on('network/stream', (_request, url) =>
        url.searchParams.get('uid') === '2' ? HttpResponse.json(ALL.slice(0, 2)) : HttpResponse.json([]),
      ),
    );
    const items = await alice().network.stream({ cid: 5 }).toArray();
    expect(items).toHaveLength(2);
    const [lookup, stream] = requests.map((request) => new URL(request.url));
    expect(lookup?.pathname).toMatch(/\/abook$/);
    expect(lookup?.searchParams.get('abook_id')).toBe('5');
    expect(Object.fromEntries(stream?.searchParams ?? [])).toMatchObject({ cid: '5', uid: '2' });
    // One lookup per walk, not per page.
    expect(requests.filter((request) => request.url.includes('/abook'))).toHaveLength(1);
  });

  it('cid: an unknown connection (85c) is a NotFoundError, without asking the stream (a 500 there)', async () => {
    server.use(
      replay('abook', '85c-abook-unknown_abook_id.txt'),
      on('network/stream', () => new HttpResponse('', { status: 500 })),
    );
    await expect(alice().network.stream({ cid: 999 }).toArray()).rejects.toBeInstanceOf(NotFoundError);
    expect(requests.filter((request) => request.url.includes('network/stream'))).toHaveLength(0);
  });

  it('refuses negative start and records < 1 before any request', () => {
    expect(() => alice().network.stream({ start: -1 })).toThrow(SdkError);
    expect(() => alice().network.stream({ records: 0 })).toThrow(SdkError);
    expect(requests).toHaveLength(0);
  });
});
