import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './repository-files.js';

const text = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the license', () => {
  it('LICENSE is the MIT license that package.json names', async () => {
    expect(JSON.parse(await text('package.json')).license).toBe('MIT');
    const license = await text('LICENSE');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 socialsite-sdk contributors\n/);
    expect(license).toContain('Permission is hereby granted, free of charge, to any person obtaining a copy');
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });

  it('is in the published package', () => {
    const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    const [pack] = JSON.parse(output) as [{ files: { path: string }[] }];
    expect(pack.files.map((file) => file.path)).toContain('LICENSE');
  });
});
