import { SdkError } from '../../core/errors/sdk-error.js';

/**
 * A path the SDK refuses to write through or read: a symbolic link, a FIFO, socket or device, a
 * folder where a file belongs (or a file where a folder belongs), a file with more than one hard
 * link where the SDK would write in place, or a relative path that leaves its root (`..`, an
 * absolute path, a NUL). Nothing was written, read or deleted there. Branch on it with
 * `instanceof UnsafePathError` or `error.code === 'unsafe_path'`.
 */
export class UnsafePathError extends SdkError {
  override name = 'UnsafePathError';
  /** Always `'unsafe_path'`: what to branch on without `instanceof`. */
  readonly code = 'unsafe_path';
  /** The path refused, as the SDK saw it. */
  readonly path: string;

  constructor(path: string, reason: string, options?: { cause?: unknown }) {
    super(`Refusing "${path}": ${reason}`, options);
    this.path = path;
  }
}
