/**
 * `npx tsx bench/php-fields.ts`: how long the fake site's PHP model takes to register a form of
 * N `name[]` list fields (issue 38: it used to scan the whole array per `[]`, 13 s for 16,000).
 * Each size is read 5 times after a warm-up; the median is printed.
 */
import { phpFields } from '../src/testing/http/php-vars.js';

const unlimited = { maxInputVars: Number.POSITIVE_INFINITY, maxNesting: 64 };
for (const count of [1_000, 4_000, 16_000, 64_000]) {
  const body = Array.from({ length: count }, (_, at) => `contact_allow[]=${at}`).join('&');
  phpFields(body, unlimited, 'body');
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    phpFields(body, unlimited, 'body');
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${String(count).padStart(6)} list fields: ${(times[2] ?? 0).toFixed(1)} ms (median of 5)`);
}
