import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { shippedFiles } from './repository-files.js';

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
    expect(shippedFiles()).toContain('LICENSE');
  });
});
