import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHP_DEFAULT_LIMITS, type ServerLimits } from '../../src/core/request/php-limits.js';
import { readPhpRequest } from '../../src/testing/http/php-request.js';
import type { PhpArray } from '../../src/testing/http/php-vars.js';
import { CASES, type INI_SETS, methodOf, requestOf } from '../fixtures/php-limits/cases.js';

/*
 * The fake's PHP model against what a real PHP 8.2 made of the same bytes (recorded by
 * test/fixtures/php-limits/probe.ts): $_GET, $_POST and $_FILES, key order included, at, below and
 * past each of PHP's silent limits.
 */

type Pairs = [string, unknown][];
interface Recorded {
  name: string;
  ini: keyof typeof INI_SETS;
  php: { get: Pairs; post: Pairs; files: Pairs; warning: string | null };
}
const recorded = JSON.parse(
  readFileSync(new URL('../fixtures/php-limits/answers.json', import.meta.url), 'utf8'),
) as { php: string; cases: Recorded[] };

const LIMITS: Record<keyof typeof INI_SETS, Required<ServerLimits>> = {
  small: { maxInputVars: 5, maxNesting: 3, postMaxSize: 4096, uploadMaxFilesize: 100, maxFileUploads: 2 },
  defaults: PHP_DEFAULT_LIMITS,
};

/** The fake's table as the probe's pairs. */
const pairs = (table: PhpArray, asNumbers = false): Pairs =>
  [...table].map(([key, value]) => [
    key,
    value instanceof Map ? pairs(value, asNumbers) : asNumbers ? Number(value) : value,
  ]);

/** `$_FILES` as the probe's pairs: `error` and `size` are numbers in PHP's JSON. */
const filePairs = (files: PhpArray): Pairs =>
  [...files].map(([field, entry]) => [
    field,
    entry instanceof Map
      ? [...entry].map(([key, value]) => [
          key,
          value instanceof Map
            ? pairs(value, key === 'error' || key === 'size')
            : key === 'error' || key === 'size'
              ? Number(value)
              : value,
        ])
      : entry,
  ]);

/** tmp_name as the probe records it: whether PHP set one. */
const tmpNames = (table: PhpArray): PhpArray =>
  new Map(
    [...table].map(([key, value]) => [
      key,
      value instanceof Map
        ? new Map([...value].map(([field, inner]) => [field, field === 'tmp_name' ? markTmp(inner) : inner]))
        : value,
    ]),
  );
const markTmp = (value: string | PhpArray): string | PhpArray =>
  value instanceof Map
    ? new Map([...value].map(([key, inner]) => [key, markTmp(inner)]))
    : value === ''
      ? ''
      : 'tmp';

describe(`PHP's silent limits, as recorded from PHP ${recorded.php}`, () => {
  it('has an answer for every case of the probe (the recording is current)', () => {
    expect(recorded.cases.map((each) => each.name)).toEqual(CASES.map((each) => each.name));
  });

  it.each(CASES.map((probe, at) => [probe.name, probe, recorded.cases[at] as Recorded] as const))(
    '%s',
    async (_name, probe, answer) => {
      const { contentType, body } = requestOf(probe);
      const request = new Request(`http://php.test/dump.php${probe.query === '' ? '' : `?${probe.query}`}`, {
        method: methodOf(probe),
        ...(contentType === undefined ? {} : { headers: { 'Content-Type': contentType } }),
        ...(body === undefined ? {} : { body }),
      });
      const read = await readPhpRequest(request, LIMITS[probe.ini]);
      expect({
        get: pairs(read.get),
        post: pairs(read.post),
        files: filePairs(tmpNames(read.files)),
      }).toEqual({
        get: answer.php.get,
        post: answer.php.post,
        files: answer.php.files,
      });
    },
  );
});
