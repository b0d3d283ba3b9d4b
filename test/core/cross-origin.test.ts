import { describe, expect, it } from 'vitest';
import { crossOriginFailure } from '../../src/core/http/cross-origin.js';
import { ConnectionError } from '../../src/index.js';

const page = { document: {}, location: { origin: 'https://app.example' } };

describe('a failed fetch across origins in a browser', () => {
  it('is a ConnectionError that names CORS and the relay', () => {
    const error = crossOriginFailure(
      'GET',
      'https://hub.example/api/z/1.0/files',
      new TypeError('Failed to fetch'),
      page,
    );
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error?.message).toMatch(/may not allow cross-origin calls/);
    expect(error?.message).toMatch(/socialsite-sdk\/relay/);
    expect(error?.message).toMatch(/docs\/browsers\.md#relay/);
  });

  it('is an ordinary failure on the page’s own origin and outside browsers', () => {
    expect(crossOriginFailure('GET', 'https://app.example/social/api.php', undefined, page)).toBeUndefined();
    expect(
      crossOriginFailure('GET', 'https://hub.example/', undefined, {
        process: { versions: { node: '24.0.0' } },
      }),
    ).toBeUndefined();
  });
});
