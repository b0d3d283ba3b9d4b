import { ApiError } from './api-error.js';

/** HTTP 401, a rejected key or token, or an empty token. */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
