import { ApiError } from './api-error.js';

/** The thing asked for does not exist (unknown user, file, group or endpoint, xchan `false`). */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
