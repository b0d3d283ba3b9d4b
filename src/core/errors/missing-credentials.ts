import { AuthenticationError } from './authentication-error.js';

/** The `code` of the `AuthenticationError` a client throws when it is given no credentials to send. */
export const MISSING_CREDENTIALS = 'missing_credentials';

/**
 * A client made without credentials (`new AppClient({ baseUrl })`, `new NativeClient({ baseUrl })`,
 * an empty token or password): the same `AuthenticationError` from both clients, before any request,
 * `code: 'missing_credentials'`, `status: 0`, and a message naming what to pass.
 */
export function missingCredentials(message: string): AuthenticationError {
  return new AuthenticationError(message, { status: 0, code: MISSING_CREDENTIALS, url: '', method: '' });
}
