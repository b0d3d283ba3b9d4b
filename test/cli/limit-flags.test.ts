import { afterEach, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { FAKE_SERVER_FLAGS } from '../../src/cli/fake-server/flags.js';
import { toServerOptions } from '../../src/cli/fake-server/server-options.js';
import { basic } from '../testing/helpers.js';
import { type RunningFakeServer, runToEnd, startFakeServerCli } from './run-cli.js';

const optionsOf = (...argv: string[]) => toServerOptions(parseCommandLine(argv, FAKE_SERVER_FLAGS));

describe("fake-server: PHP's request limits as flags (issue 38)", () => {
  it('maps each flag to serverLimits, sizes in bytes or with K, M, G as php.ini writes them', () => {
    expect(
      optionsOf(
        ...['--max-input-vars', '3000', '--max-input-nesting-level', '8', '--post-max-size', '70M'],
        ...['--upload-max-filesize', '512k', '--max-file-uploads', '50'],
      ).serverLimits,
    ).toEqual({
      maxInputVars: 3000,
      maxNesting: 8,
      postMaxSize: 70 * 1024 * 1024,
      uploadMaxFilesize: 512 * 1024,
      maxFileUploads: 50,
    });
    expect(optionsOf('--post-max-size', '1G', '--upload-max-filesize', '1000').serverLimits).toEqual({
      postMaxSize: 1024 ** 3,
      uploadMaxFilesize: 1000,
    });
    expect(optionsOf().serverLimits).toBeUndefined();
  });

  it.each([
    [['--max-input-vars', '0'], '--max-input-vars must be a whole number of at least 1, not "0"'],
    [['--max-file-uploads', 'lots'], '--max-file-uploads must be a whole number of at least 1, not "lots"'],
    [
      ['--post-max-size', '8MB'],
      '--post-max-size must be a size in bytes, or with K, M or G (8M), not "8MB"',
    ],
    [
      ['--upload-max-filesize', '0'],
      '--upload-max-filesize must be a size in bytes, or with K, M or G (8M), not "0"',
    ],
  ])('%j: one line on stderr, exit 2', async (flags, message) => {
    expect(await runToEnd('fake-server', ...flags)).toEqual({
      code: 2,
      stdout: '',
      stderr: `socialsite-sdk fake-server: ${message}\n`,
    });
  });

  let running: RunningFakeServer | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
  });

  it('the banner states the limits, and the server cuts where they say', async () => {
    running = await startFakeServerCli('--max-input-vars', '3');
    expect(running.output()).toMatch(
      /^ {2}PHP limits: +max_input_vars 3, max_input_nesting_level 64, post_max_size 8388608, upload_max_filesize 2097152, max_file_uploads 20$/m,
    );
    const post = (body: string) =>
      fetch(`${running?.url}api/z/1.0/item/update`, {
        method: 'POST',
        headers: {
          Authorization: basic('alice', 'secret-pass'),
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body,
      }).then((answer) => answer.json() as Promise<{ item: { uid: number } }>);
    // A body keeps max_input_vars + 1 fields, as PHP: the 5th (channel) falls off.
    expect((await post('body=a&contact_deny[]=x&contact_deny[]=y&channel=alice2')).item.uid).toBe(5);
    expect(
      (await post('body=b&contact_deny[]=x&contact_deny[]=y&contact_deny[]=z&channel=alice2')).item.uid,
    ).toBe(2);
  });

  it("the banner says PHP's defaults when no flag is given", async () => {
    running = await startFakeServerCli();
    expect(running.output()).toMatch(/PHP limits: +max_input_vars 1000, .+ \(PHP's defaults\)$/m);
  });
});
