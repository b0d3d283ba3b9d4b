/**
 * The base of every error the SDK throws. `instanceof SdkError` catches them all.
 *
 * Messages are written once, at construction, from already-redacted parts: no error ever holds the
 * token, the key, the password or a `Request` object, so logging one (even with `util.inspect`) is safe.
 */
export class SdkError extends Error {
  /** The class's name (`'SdkError'`, `'ApiError'`, …), for logs and for code without `instanceof`. */
  override name = 'SdkError';
  /**
   * Whether the request this error ends may have been applied by the server anyway, so that
   * sending it again could apply it twice. Always `false` for a read (it changes nothing) and for
   * an error before any request (`ArgumentError`). For a write (a phpFox `photo.addPhoto`, a
   * Hubzilla media post, any POST): `true` when an attempt may have reached the server and its
   * answer does not say no — a connection lost after sending (`ConnectionError`), a timeout
   * (`TimeoutError`), a 3xx or 5xx (`ApiError`), a 2xx that could not be read (`ValidationError`,
   * `ResponseTooLargeError`) — also when an earlier, retried attempt ended so. `false` when the
   * server refused it (a 4xx, phpFox's or Hubzilla's own error), when the connection never opened
   * (refused, DNS failure) or the credentials never came. Look before you repeat a write whose
   * error says `true` (posts and comments without media are safe to repeat with the same
   * `message_id`: see "Writes that are safe to retry" in the docs).
   * @default false
   */
  readonly mayHaveSucceeded: boolean = false;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
