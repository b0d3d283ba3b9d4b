import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor, UNCHECKED } from '../../src/core/redact.js';
import { everyEncoder, leakMarkers } from '../support/secret-encoders.js';

/*
 * The redactor finds secrets in what a text decodes to: every spelling from the composable encoders
 * is hidden without being listed, ordinary text is left alone, and no input can make it throw.
 */

const SECRETS = [`Tk+Zanzibar/"Quetzal'<Wombat>&91==ö`, 'plain-secret-value-0123', 'with space and+plus'];

describe('Redactor.text', () => {
  const redactor = new Redactor(SECRETS);

  it.each(
    SECRETS.flatMap((secret) =>
      Object.entries(everyEncoder()).map(
        ([name, encoder]) => [name, JSON.stringify(secret), encoder, secret] as const,
      ),
    ),
  )('hides a secret spelled as %s (%s)', (_, __, encoder, secret) => {
    const redacted = redactor.text(`before ${encoder(secret)} after`);
    expect(redacted).toContain(REDACTED);
    expect(redacted.startsWith('before ')).toBe(true);
    for (const marker of leakMarkers(encoder, secret)) expect(redacted).not.toContain(marker);
  });

  it('leaves text holding no secret as it was', () => {
    for (const text of [
      'nothing here: 100% & more, \\n and \\u00e9, a+b, &amp; https://hub.example/x?y=1',
      '{"message":"Bearer","path":"a\\/b"}',
      '',
    ])
      expect(redactor.text(text)).toBe(text);
  });

  it('hides any private key block, and the password of any URL, without knowing them', () => {
    const pem = '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIB+abc/def==\n-----END EC PRIVATE KEY-----';
    expect(new Redactor([]).text(`key: ${JSON.stringify(pem)} end`)).toBe('key: "[REDACTED]" end');
    expect(new Redactor([]).text('see https://bob:hunter2%21@hub.example/x')).toBe(
      'see https://bob:[REDACTED]@hub.example/x',
    );
  });

  it('a 256 KiB secret: learnt and found, in any text length, the next call as well', () => {
    const huge = `Hg${'x7Y+/='.repeat((256 * 1024) / 6)}`;
    const big = new Redactor([]);
    big.add(huge);
    expect(big.text(`a ${encodeURIComponent(huge)} b`)).toBe(`a ${REDACTED} b`);
    expect(big.text('an ordinary message')).toBe('an ordinary message');
  });

  it('a text longer than a window: secrets found across window boundaries', () => {
    const secret = 'boundary-secret-0123456789';
    const filler = 'abcdefgh'.repeat(1024 * 1024); // 8 M characters
    const text = `${filler.slice(0, 2 * 1024 * 1024 - 10)}${secret}${filler.slice(0, 4 * 1024 * 1024 - 5)}${secret}${filler}`;
    const redacted = new Redactor([secret]).text(text);
    expect(redacted).not.toContain(secret.slice(0, 12));
    expect(redacted.split(REDACTED)).toHaveLength(3);
  });

  it('never throws: what it cannot read comes back as UNCHECKED', () => {
    expect(redactor.text(undefined as unknown as string)).toBe(UNCHECKED);
    const hostile = {
      get member() {
        throw new Error('no');
      },
    };
    expect(redactor.value(hostile)).toBe(UNCHECKED);
    expect(redactor.url('not a url plain-secret-value-0123')).toBe(`not a url ${REDACTED}`);
  });
});

describe('Redactor.error', () => {
  it('scrubs the cause chain, and survives a cyclic one', () => {
    const inner = new TypeError(
      'Headers.append: "Bearer plain-secret-value-0123" is an invalid header value',
    );
    const outer = new Error('fetch failed', { cause: inner });
    const error = new Error('wrapped', { cause: outer });
    (inner as { cause?: unknown }).cause = error;
    new Redactor(SECRETS).error(error);
    const chain = (error.cause as Error).cause as Error;
    expect(chain.message).not.toContain('plain-secret');
    expect(chain.stack).not.toContain('plain-secret');
  });
});
