/**
 * The conformance entry of workerd (a module Worker, run by miniflare): `GET /?config=<json>`
 * answers the results as JSON. No file system: those cases are skipped.
 */
import { conformanceCases } from '../cases.js';
import type { ConformanceConfig } from '../contract.js';
import { runCases } from '../harness.js';
import { relayCases } from '../relay-cases.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const config = JSON.parse(new URL(request.url).searchParams.get('config') ?? '{}') as ConformanceConfig;
    return Response.json(await runCases([...conformanceCases, ...relayCases], { config, fs: undefined }));
  },
};
