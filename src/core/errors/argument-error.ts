import { SdkError } from './sdk-error.js';

/**
 * A bad argument or option, found before any request was sent: a missing `friend_user_id`, a
 * negative `start`, a `file_id` with `%`, a `timeout` that is not a positive number, a header with a
 * line break, a `baseUrl` with credentials in it. Branch on it with `instanceof ArgumentError` or
 * `error.code === 'invalid_argument'`; the message says which argument and why.
 */
export class ArgumentError extends SdkError {
  override name = 'ArgumentError';
  /** Always `'invalid_argument'`: what to branch on without `instanceof`. */
  readonly code = 'invalid_argument';
}
