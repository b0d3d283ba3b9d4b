/**
 * The base of every error the SDK throws. `instanceof SdkError` catches them all.
 *
 * Messages are written once, at construction, from already-redacted parts: no error ever holds the
 * token, the key, the password or a `Request` object, so logging one (even with `util.inspect`) is safe.
 */
export class SdkError extends Error {
  /** The class's name (`'SdkError'`, `'ApiError'`, …), for logs and for code without `instanceof`. */
  override name = 'SdkError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
