export * from './app/index.js';
export type { ApiPromise, WithResponse } from './core/api-promise.js';
export type { ClientSummary } from './core/client-summary.js';
export {
  ApiError,
  type ApiErrorDetails,
  ArgumentError,
  AuthenticationError,
  ConnectionError,
  NotFoundError,
  ResponseTooLargeError,
  SdkError,
  TimeoutError,
  UnsupportedRuntimeError,
  ValidationError,
  type ValidationIssue,
} from './core/errors/index.js';
export type { Follow } from './core/follow/follow.js';
export type { FollowOptions } from './core/follow/follow-options.js';
export type {
  ClientOptions,
  Hooks,
  Logger,
  LogLevel,
  RequestInfo,
  RequestOptions,
  RetryOptions,
  UploadOptions,
  UploadProgress,
  ValidationMode,
} from './core/options.js';
export type { Page } from './core/page.js';
export type { PagePromise } from './core/page-promise.js';
export type { ResponseInfo } from './core/response-info.js';
export * from './native/index.js';
export * from './schemas/index.js';
