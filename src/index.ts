export * from './app/index.js';
export type { ApiPromise, WithResponse } from './core/client/api-promise.js';
export type { ClientSummary } from './core/client/client-summary.js';
export type { ResponseInfo } from './core/client/response-info.js';
export {
  ApiError,
  type ApiErrorDetails,
  ArgumentError,
  AuthenticationError,
  type ChannelMismatchDetails,
  ChannelMismatchError,
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
} from './core/options/options.js';
export type { ServerLimits } from './core/options/server-limits.js';
export type { Page } from './core/paging/page.js';
export type { PagePromise } from './core/paging/page-promise.js';
export * from './native/index.js';
export * from './schemas/index.js';
