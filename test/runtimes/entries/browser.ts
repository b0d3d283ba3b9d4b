/**
 * The conformance entry of Chromium: the page's `#<json config>` in, the results on
 * `globalThis.conformance` (a promise the runner awaits). No file system: those cases are skipped.
 */
import { conformanceCases } from '../cases.js';
import type { CaseResult, ConformanceConfig } from '../contract.js';
import { runCases } from '../harness.js';
import { relayCases } from '../relay-cases.js';

const config = JSON.parse(decodeURIComponent(location.hash.slice(1))) as ConformanceConfig;
(globalThis as { conformance?: Promise<CaseResult[]> }).conformance = runCases(
  [...conformanceCases, ...relayCases],
  {
    config,
    fs: undefined,
  },
);
