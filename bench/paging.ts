/**
 * Case 2: walking 1,000 pages (10,000 friends) with `for await` against a hand-written page loop,
 * and the client's heap at the start, middle and end of the walk, to show it stays flat.
 */
import { sdk } from './dist.js';
import { type FakeSiteInfo, PAGING_FRIENDS, PAGING_USER } from './fake-data.js';
import { type CaseResult, ratio } from './report.js';
import { interleave, medianTiming } from './stats.js';

const PAGE_SIZE = 10;

export interface PagingOptions {
  rounds: number;
}

/** A hand-written walk: ask page after page until a short page or the total is reached. */
async function rawWalk(url: string): Promise<number> {
  let seen = 0;
  for (let page = 1; ; page++) {
    const response = await fetch(`${url}&page=${page}`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { api, output } = JSON.parse(await response.text()) as {
      api: { total: number };
      output: unknown[];
    };
    seen += output.length;
    if (output.length < PAGE_SIZE || seen >= api.total) return seen;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function paging(site: FakeSiteInfo, options: PagingOptions): Promise<CaseResult> {
  const app = await sdk.AppClient.fromKey(site.appKey, { baseUrl: site.url });
  const url = `${site.url}api.php?token=${encodeURIComponent(app.token)}&method=friend.getFriends&user_id=${PAGING_USER}`;
  const sdkWalk = async (atPage?: (page: number) => void): Promise<number> => {
    let seen = 0;
    for await (const _friend of app.friend.getFriends({ user_id: PAGING_USER })) {
      seen++;
      if (seen % PAGE_SIZE === 0) atPage?.(seen / PAGE_SIZE);
    }
    return seen;
  };
  const expect = (what: string, seen: number) => {
    if (seen !== PAGING_FRIENDS) throw new Error(`${what} walked ${seen} friends, not ${PAGING_FRIENDS}`);
  };
  expect('the raw loop', await rawWalk(url));

  // Heap after a full collection (when `--expose-gc` is on), so garbage does not hide a leak.
  const pages = PAGING_FRIENDS / PAGE_SIZE;
  const heap: number[] = [];
  const sampleHeap = () => {
    globalThis.gc?.();
    heap.push(process.memoryUsage().heapUsed);
  };
  sampleHeap();
  expect('for await', await sdkWalk((page) => page === pages / 2 && sampleHeap()));
  sampleHeap();

  const timings = await interleave(
    {
      raw: async () => expect('the raw loop', await rawWalk(url)),
      sdk: async () => expect('for await', await sdkWalk()),
    },
    { rounds: options.rounds, warmup: 0 },
  );
  const raw = medianTiming(timings.raw);
  const walk = medianTiming(timings.sdk);
  const [start = 0, middle = 0, end = 0] = heap;
  return {
    tables: [
      {
        title:
          '2. Paging: 1,000 pages of `app.friend.getFriends()` with `for await` against a hand-written loop',
        note:
          `Median of ${options.rounds} walks of ${pages.toLocaleString('en')} pages (${PAGING_FRIENDS.toLocaleString('en')} friends) each, ` +
          'interleaved. Heap: `heapUsed` after a forced GC at the start, at page 500 and at the end of one walk.',
        headers: [
          'raw loop',
          'for await',
          'SDK / raw',
          'per page raw',
          'per page SDK',
          'heap start / middle / end',
        ],
        rows: [
          [
            `${(raw.wallMs / 1000).toFixed(2)} s`,
            `${(walk.wallMs / 1000).toFixed(2)} s`,
            ratio(walk.wallMs / raw.wallMs),
            `${Math.round((raw.wallMs / pages) * 1000)} µs`,
            `${Math.round((walk.wallMs / pages) * 1000)} µs`,
            `${megabytes(start)} / ${megabytes(middle)} / ${megabytes(end)}`,
          ],
        ],
      },
    ],
    targets: [
      {
        name: 'paging heap stays flat (end − start)',
        measured: megabytes(end - start),
        wanted: '< 1 MB',
        met: end - start < 1e6,
      },
    ],
  };
}
