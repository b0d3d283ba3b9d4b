import { describe, expect, it } from 'vitest';
import { SdkError } from '../../src/index.js';
import * as real from '../../src/node/index.js';
import * as stub from '../../src/node-unsupported.js';

describe('socialsite-sdk/node where there is no file system', () => {
  it('exports every name the real entry does (a bundle for workerd or a page resolves each import)', () => {
    expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort());
  });

  it('rejects every helper with an UnsupportedRuntimeError, typed and coded', async () => {
    for (const [name, value] of Object.entries(stub)) {
      if (name === 'UnsafePathError') continue;
      const outcome = await Promise.resolve()
        .then(() => (value as (...args: unknown[]) => unknown)('a', 'b', 'c'))
        .then(
          () => 'resolved',
          (error: unknown) => error,
        );
      expect(outcome, name).toBeInstanceOf(SdkError);
      expect((outcome as { code?: string }).code, name).toBe('unsupported_runtime');
    }
  });
});
