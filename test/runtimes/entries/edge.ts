/**
 * The conformance entry of Vercel's edge runtime (`edge-runtime`, service-worker style):
 * `GET /?config=<json>` answers the results as JSON. No file system: those cases are skipped.
 */
import { conformanceCases } from '../cases.js';
import type { ConformanceConfig } from '../contract.js';
import { runCases } from '../harness.js';
import { relayCases } from '../relay-cases.js';

interface FetchEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

addEventListener('fetch', (event) => {
  const { request, respondWith } = event as unknown as FetchEvent;
  const config = JSON.parse(new URL(request.url).searchParams.get('config') ?? '{}') as ConformanceConfig;
  respondWith.call(
    event,
    runCases([...conformanceCases, ...relayCases], { config, fs: undefined }).then((results) =>
      Response.json(results),
    ),
  );
});
