import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, repositoryFiles } from './repository-files.js';

/*
 * A user's clone has nothing beside it: every file of the repository must stand on its own. This
 * walks every file git tracks (and the new ones it does not ignore) and fails on any reference to a
 * folder outside the repository or to a machine path.
 */

// Built from pieces so that this file does not match its own patterns.
const dotdot = '..';
const forbidden: { name: string; pattern: RegExp }[] = [
  { name: 'a sibling folder of the repository', pattern: new RegExp(`\\${dotdot[0]}\\.\\/shared\\b`) },
  { name: "a path on the developers' machine", pattern: new RegExp(`(^|[\\s'"\`(=])/${'wo'}rk/`) },
  { name: 'a live-server work folder', pattern: new RegExp(`/${'tm'}p/live\\b`) },
];

/** The recorded answers are data: their bodies hold whatever the servers sent. */
const isRecordedData = (file: string) => file.startsWith('test/fixtures/') && !file.endsWith('README.md');

function isText(bytes: Buffer): boolean {
  return !bytes.subarray(0, 8000).includes(0);
}

describe('the repository stands on its own', () => {
  it('no file refers to anything outside it', () => {
    const files = repositoryFiles().filter((file) => !isRecordedData(file));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path.join(repoRoot, file));
      } catch {
        continue; // deleted in the working tree but still tracked
      }
      if (!isText(bytes)) continue;
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { name, pattern } of forbidden) {
            if (pattern.test(line)) found.push(`${file}:${index + 1}: ${name}: ${line.trim().slice(0, 120)}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('the patterns catch what they are meant to catch', () => {
    const [sibling, work, live] = forbidden.map(({ pattern }) => pattern);
    expect(sibling?.test(`see ${dotdot}/shared/fixtures`)).toBe(true);
    expect(work?.test(`const dir = '/${'wo'}rk/shared';`)).toBe(true);
    expect(live?.test(`/${'tm'}p/live/hz/8098/hub.json`)).toBe(true);
    expect(sibling?.test('shared by both clients')).toBe(false);
    expect(work?.test('a network/stream answer')).toBe(false);
  });

  it('the recorded fixtures are inside the repository', () => {
    const index = readFileSync(path.join(repoRoot, 'test/fixtures/hubzilla-8.8.7/INDEX.tsv'), 'utf8');
    expect(index.split('\n').length).toBeGreaterThan(50);
  });
});
