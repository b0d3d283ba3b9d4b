import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { FAKE_SERVER_FLAGS } from '../../src/cli/fake-server/flags.js';
import { toServerOptions } from '../../src/cli/fake-server/server-options.js';

const optionsOf = (...argv: string[]) => toServerOptions(parseCommandLine(argv, FAKE_SERVER_FLAGS));

describe('fake-server flags as startFakeServer options', () => {
  it('leaves every option to the fake when no flag is given', () => {
    const options = optionsOf();
    expect(Object.values(options).filter((value) => value !== undefined)).toEqual([
      { latencyMs: undefined, fail: [], filedata: [] },
    ]);
  });

  it('maps every site and server flag', () => {
    const options = optionsOf(
      ...['--port', '8080', '--host', '::1', '--base-path', 'social', '--no-cors', '--seed', '7'],
      ...['--envelope', '3.9', '--body-prefix', 'both', '--list-totals', 'zero'],
      ...['--photo-upload-limit', '1000', '--no-app-api', '--real-clock'],
    );
    const { now, faults, ...rest } = options;
    expect(rest).toEqual({
      port: 8080,
      host: '::1',
      basePath: 'social',
      cors: false,
      seed: 7,
      envelope: '3.9',
      bodyPrefix: 'both',
      listTotals: 'zero',
      photoUploadLimit: 1000,
      appApiEnabled: false,
    });
    expect(typeof now === 'function' && Math.abs(now().getTime() - Date.now()) < 5000).toBe(true);
  });

  it('keeps fail and drop rules, and chunk faults, in command-line order with every field', () => {
    const { faults } = optionsOf(
      ...['--latency', '250', '--drop', '100,path=files,method=get,nth=2,times=all'],
      ...[
        '--fail',
        'status=429,retry-after=Wed, 21 Oct 2026 07:28:00 GMT,path=api.php,times=3',
        '--fail',
        'path=x',
      ],
      ...['--chunk-reset', '0', '--chunk-short', 'offset=1048576,bytes=1000,file=abc,times=2'],
      ...['--chunk-error', '2097152,status=502'],
    );
    const all = Number.POSITIVE_INFINITY;
    expect(faults).toEqual({
      latencyMs: 250,
      fail: [
        { path: 'files', method: 'GET', nth: 2, times: all, resetAfterBytes: 100 },
        { path: 'api.php', status: 429, retryAfter: 'Wed, 21 Oct 2026 07:28:00 GMT', times: 3 },
        { path: 'x' },
      ],
      filedata: [
        { fault: 'reset', offset: 0 },
        { fault: 'short', offset: 1048576, bytes: 1000, fileId: 'abc', times: 2 },
        { fault: 'error', offset: 2097152, status: 502 },
      ],
    });
  });

  it('a bare --drop value is the bytes sent, and a --drop without one drops before the status line', () => {
    expect(optionsOf('--drop', '0').faults?.fail).toEqual([expect.objectContaining({ resetAfterBytes: 0 })]);
    expect(optionsOf('--drop', 'path=x').faults?.fail).toEqual([
      expect.objectContaining({ resetAfterBytes: 0 }),
    ]);
    expect(optionsOf('--fail', '503,retry-after=0').faults?.fail).toEqual([
      expect.objectContaining({ status: 503, retryAfter: 0 }),
    ]);
  });

  it('--fail handled=yes fails a request after handling it (a proxy 502 after the post was stored)', () => {
    expect(optionsOf('--fail', '502,handled=yes,path=item/update').faults?.fail).toEqual([
      { status: 502, afterHandling: true, path: 'item/update' },
    ]);
    expect(optionsOf('--fail', '502,handled=no').faults?.fail).toEqual([
      { status: 502, afterHandling: false },
    ]);
  });
});

describe('the hub login flags', () => {
  it('set the fake’s auth options, and none when none is given', () => {
    expect(optionsOf().auth).toBeUndefined();
    expect(
      optionsOf('--token-lifetime', '60', '--no-secret-in-redirect', '--stock-code-flow', '--strict-digest')
        .auth,
    ).toEqual({
      accessTokenLifetime: 60,
      clientSecretInRedirect: false,
      authorizationCodeFlow: 'stock-8.8.7',
      strictDigest: true,
    });
  });
});
