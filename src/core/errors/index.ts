export { ApiError, type ApiErrorDetails } from './api-error.js';
export { ArgumentError } from './argument-error.js';
export { AuthenticationError } from './authentication-error.js';
export { ConnectionError } from './connection-error.js';
export { NotFoundError } from './not-found-error.js';
export { ResponseTooLargeError } from './response-too-large-error.js';
export { SdkError } from './sdk-error.js';
export { TimeoutError } from './timeout-error.js';
export { ValidationError, type ValidationIssue } from './validation-error.js';
