export * from './app/index.js';
export {
  type ApiErrorDetails,
  ApiError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  SdkError,
  TimeoutError,
  type ValidationIssue,
  ValidationError,
} from './core/errors/index.js';
export type {
  ClientOptions,
  Hooks,
  RequestInfo,
  RequestOptions,
  RetryOptions,
  ValidationMode,
} from './core/options.js';
export type { Page } from './core/page.js';
export type { PagePromise } from './core/page-promise.js';
export * from './schemas/index.js';
