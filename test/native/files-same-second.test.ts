import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { hubzillaJson } from '../support/fixtures.js';
import { useMswServer } from '../support/msw.js';
import { alice, on } from './hub.js';

const { server, requests } = useMswServer();
const ALL = (hubzillaJson('22-files-no_params.txt') as { results: Array<{ hash: string }> }).results;

/**
 * `files` as a live 8.8.7 on PostgreSQL answered it: every file created in the same second, and
 * each LIMIT/OFFSET query ordering them its own way (here: the list turned by `start`), so pages
 * repeat some files and skip others. Without `records`, the one whole list.
 */
const shiftingHub = on('files', (_request, url) => {
  const records = Number(url.searchParams.get('records') ?? 0);
  const start = Number(url.searchParams.get('start') ?? 0);
  if (records <= 0) return HttpResponse.json({ success: true, results: ALL });
  const turned = [...ALL.slice(start % 3), ...ALL.slice(0, start % 3)];
  const results = turned.slice(start, start + records);
  return HttpResponse.json({ success: true, results, start, records: results.length });
});

describe('files.list on a hub whose pages order same-second files anew', () => {
  it('yields every file exactly once: a page that repeats one sends the walk to the whole list', async () => {
    server.use(shiftingHub);
    const walked = (await alice().files.list({ records: 2 }).toArray()).map((file) => file.hash);
    expect(walked).toHaveLength(ALL.length);
    expect(new Set(walked)).toEqual(new Set(ALL.map((file) => file.hash)));
    const queries = requests.map((request) => new URL(request.url).searchParams);
    expect(queries.filter((query) => !query.has('records'))).toHaveLength(1);
  });

  it('pages a hub with a stable order by start and records alone', async () => {
    server.use(
      on('files', (_request, url) => {
        const start = Number(url.searchParams.get('start') ?? 0);
        const records = Number(url.searchParams.get('records') ?? 0);
        return HttpResponse.json({ success: true, results: ALL.slice(start, start + records) });
      }),
    );
    const walked = (await alice().files.list({ records: 2 }).toArray()).map((file) => file.hash);
    expect(walked).toEqual(ALL.map((file) => file.hash));
    expect(requests.every((request) => new URL(request.url).searchParams.has('records'))).toBe(true);
  });
});
