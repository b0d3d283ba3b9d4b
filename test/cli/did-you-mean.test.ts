import { describe, expect, it } from 'vitest';
import { closestName } from '../../src/cli/closest.js';
import { runToEnd } from './run-cli.js';

/** A misspelt command or flag is one line naming the closest known one, never the whole help. */
describe('did you mean', () => {
  it.each([
    [['bakup'], 'socialsite-sdk: unknown command "bakup"; did you mean "backup"?'],
    [['verfiy'], 'socialsite-sdk: unknown command "verfiy"; did you mean "verify"?'],
    [['fakeserver'], 'socialsite-sdk: unknown command "fakeserver"; did you mean "fake-server"?'],
    [['help', 'bcakup'], 'socialsite-sdk: unknown command "bcakup"; did you mean "backup"?'],
    [['--verison'], 'socialsite-sdk: unknown option "--verison"; did you mean "--version"?'],
  ])('%j names the closest command or option', async (argv, start) => {
    const { code, stdout, stderr } = await runToEnd(...argv);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(`${start} (socialsite-sdk --help lists commands)\n`);
  });

  it.each([
    ['fake-server', ['--prot', '8080'], '--prot; did you mean --port?'],
    ['fake-server', ['--no-cosr'], '--no-cosr; did you mean --no-cors?'],
    ['backup', ['--hubb', 'https://hub.example'], '--hubb; did you mean --hub?'],
    [
      'backup',
      ['--hub', 'https://hub.example', '--chunksize', '1m'],
      '--chunksize; did you mean --chunk-size?',
    ],
    ['backup', ['--Posts'], '--Posts; did you mean --posts?'],
    ['backup', ['--conc', '2'], '--conc; did you mean --concurrency?'],
    ['verify', ['--ot', 'dir'], '--ot; did you mean --out?'],
    ['verify', ['--frobnicate'], '--frobnicate'],
  ])('%s %j: the closest flag of that command, in one line', async (command, argv, option) => {
    const { code, stdout, stderr } = await runToEnd(command, ...argv);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(
      `socialsite-sdk ${command}: unknown option ${option} (socialsite-sdk ${command} --help lists its options)\n`,
    );
  });

  it('a bad value of a known flag is one line without the help, as it was', async () => {
    const { code, stderr } = await runToEnd('backup', '--hub', 'https://hub.example', '--retries', 'x');
    expect(code).toBe(2);
    expect(stderr).toBe('socialsite-sdk backup: --retries must be a whole number from 0 to 20\n');
  });
});

describe('closestName', () => {
  const commands = ['fake-server', 'backup', 'verify'];

  it.each([
    ['backup', 'backup'],
    ['bakup', 'backup'],
    ['backupp', 'backup'],
    ['bcakup', 'backup'],
    ['BACKUP', 'backup'],
    ['fake', 'fake-server'],
    ['v', 'verify'],
    ['serve', undefined],
    ['bogus', undefined],
    ['', undefined],
  ])('%j → %j', (typed, expected) => {
    expect(closestName(typed, commands)).toBe(expected);
  });

  it('picks the nearer of two candidates, and nothing when a start fits several', () => {
    expect(closestName('chunk-sise', ['chunk-size', 'chunk-concurrency'])).toBe('chunk-size');
    expect(closestName('chunk', ['chunk-size', 'chunk-concurrency'])).toBeUndefined();
  });
});
