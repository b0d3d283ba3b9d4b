import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../src/core/secrets/redact.js';

const redactor = new Redactor(['long-secret-value']);

describe('Redactor.url', () => {
  it('replaces the value of each secret parameter and keeps the other pairs as sent', () => {
    const url = 'https://site.test/api.php?token=abc%2Bdef&method=friend.getFriends&q=a+b%20c';
    expect(redactor.url(url)).toBe(
      `https://site.test/api.php?token=${REDACTED}&method=friend.getFriends&q=a+b%20c`,
    );
  });

  it('reads names as URLSearchParams does: escaped, with +, repeated, without =', () => {
    const url = new URL(
      'https://site.test/a?%74oken=1&access%5Ftoken=2&code=3&code=4&key&client+secret=5&x%C3%A9=6',
    );
    expect(redactor.url(url)).toBe(
      `https://site.test/a?%74oken=${REDACTED}&access%5Ftoken=${REDACTED}&code=${REDACTED}&code=${REDACTED}&key=${REDACTED}&client+secret=5&x%C3%A9=6`,
    );
    // Whatever URLSearchParams finds under a secret name is gone.
    const seen = new URL(redactor.url(url)).searchParams;
    for (const name of ['token', 'access_token', 'code', 'key']) {
      expect(seen.getAll(name).every((value) => value === REDACTED)).toBe(true);
    }
  });

  it('drops user info and keeps the fragment', () => {
    expect(redactor.url('https://user:pass@site.test/p?password=x#top')).toBe(
      `https://site.test/p?password=${REDACTED}#top`,
    );
  });

  it('replaces a known secret anywhere: path, other parameters, fragment', () => {
    expect(redactor.url('https://site.test/long-secret-value/?id=long-secret-value#long-secret-value')).toBe(
      `https://site.test/${REDACTED}/?id=${REDACTED}#${REDACTED}`,
    );
  });

  it('leaves a URL without query or secrets as it is', () => {
    expect(redactor.url('https://site.test/api/z/1.0/files')).toBe('https://site.test/api/z/1.0/files');
    expect(redactor.url(new URL('https://site.test/x?'))).toBe('https://site.test/x?');
  });

  it('never changes the URL it is given', () => {
    const url = new URL('https://user:pass@site.test/api.php?token=abc');
    redactor.url(url);
    expect(url.href).toBe('https://user:pass@site.test/api.php?token=abc');
  });
});
