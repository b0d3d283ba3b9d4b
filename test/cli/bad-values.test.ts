import { describe, expect, it } from 'vitest';
import { runToEnd } from './run-cli.js';

/** A bad value: exactly this one line on stderr, nothing on stdout, exit 2, and no server started. */
const cases: [string[], string][] = [
  [['--port', 'abc'], '--port must be a whole number from 0 to 65535, not "abc"'],
  [['--port', '65536'], '--port must be a whole number from 0 to 65535, not "65536"'],
  [['--port', ''], '--port must be a whole number from 0 to 65535, not ""'],
  [['--port'], '--port needs a value (write --port=VALUE for one that starts with "-")'],
  [['--latency', '-5'], '--latency needs a value (write --latency=VALUE for one that starts with "-")'],
  [['--latency=-5'], '--latency must be a whole number from 0 to 3600000, not "-5"'],
  [['--latency', '1e3'], '--latency must be a whole number from 0 to 3600000, not "1e3"'],
  [['--no-cors=yes'], '--no-cors takes no value'],
  [['--host', ''], '--host must not be empty'],
  [['--seed', '1.5'], '--seed must be a whole number from 0 to 4294967295, not "1.5"'],
  [['--envelope', '4.0'], '--envelope must be 3.0, 3.5 or 3.9, not "4.0"'],
  [['--body-prefix', 'junk'], '--body-prefix must be bom, notice or both, not "junk"'],
  [['--list-totals', 'some'], '--list-totals must be count or zero, not "some"'],
  [['--photo-upload-limit', 'big'], '--photo-upload-limit must be a whole number of at least 0, not "big"'],
  [['--fail', '99'], '--fail status must be a whole number from 200 to 599, not "99"'],
  [['--fail', '503,retry-after=soon'], '--fail retry-after must be seconds or an HTTP date, not "soon"'],
  [
    ['--fail', '503,bogus=1'],
    '--fail: unknown field "bogus" (fields: status, retry-after, handled, path, method, nth, times)',
  ],
  [['--fail', '503,status=502'], '--fail: status is given twice'],
  [['--fail', '502,handled=maybe'], '--fail handled must be yes or no, not "maybe"'],
  [['--fail', 'path='], '--fail: path has no value'],
  [['--fail', 'times=0'], '--fail times (or all) must be a whole number of at least 1, not "0"'],
  [['--fail', 'method=G E T'], '--fail method must be letters, like GET, not "G E T"'],
  [['--drop', 'nth=0'], '--drop nth must be a whole number of at least 1, not "0"'],
  [['--drop', 'status=503'], '--drop: unknown field "status" (fields: after, path, method, nth, times)'],
  [['--chunk-short', 'bytes=10'], "--chunk-short needs the chunk's offset first, e.g. --chunk-short 1048576"],
  [['--chunk-short', '0,bytes=0'], '--chunk-short bytes must be a whole number of at least 1, not "0"'],
  [
    ['--chunk-error', '0,status=1000'],
    '--chunk-error status must be a whole number from 200 to 599, not "1000"',
  ],
  [['--chunk-reset', '0,bytes=5'], '--chunk-reset: unknown field "bytes" (fields: offset, file, times)'],
  [['--chunk-reset', 'x'], '--chunk-reset offset must be a whole number of at least 0, not "x"'],
];

describe('socialsite-sdk fake-server with a bad value', () => {
  it.each(cases)('%j: one line, exit 2', async (flags, message) => {
    const { code, stdout, stderr } = await runToEnd('fake-server', ...flags);
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `socialsite-sdk fake-server: ${message}\n`,
    });
  });
});
