import { PHP_DEFAULT_LIMITS, type ServerLimits } from '../../core/request/php-limits.js';
import type { OptionGroup, ParsedArgs } from '../args.js';
import { UsageError } from '../errors.js';
import { integer, optional } from '../values.js';

/** The flags of PHP's request limits, named after their php.ini settings. */
export const LIMIT_FLAGS: OptionGroup = {
  title: "PHP's request limits (cut silently, as PHP does; SIZE in bytes or PHP's 512K, 8M, 1G)",
  options: [
    {
      name: 'max-input-vars',
      value: 'N',
      description: 'fields kept per query and per body',
      defaultText: '1000',
    },
    {
      name: 'max-input-nesting-level',
      value: 'N',
      description: 'deepest [key] nesting of a field name',
      defaultText: '64',
    },
    { name: 'post-max-size', value: 'SIZE', description: 'largest request body', defaultText: '8M' },
    { name: 'upload-max-filesize', value: 'SIZE', description: 'largest uploaded file', defaultText: '2M' },
    { name: 'max-file-uploads', value: 'N', description: 'files kept per request', defaultText: '20' },
  ],
};

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** A php.ini size: bytes, or a whole number with `K`, `M` or `G` (any case), as PHP reads them. */
export function phpSize(text: string, what: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(text);
  const bytes = match ? Number(match[1]) * (UNITS[(match[2] ?? '').toLowerCase()] ?? 1) : Number.NaN;
  if (Number.isSafeInteger(bytes) && bytes > 0) return bytes;
  throw new UsageError(
    `${what} must be a size in bytes, or with K, M or G (8M), not ${JSON.stringify(text)}`,
  );
}

/** `serverLimits` from the flags given; `undefined` when none is (PHP's defaults then). */
export function toServerLimits(args: ParsedArgs): ServerLimits | undefined {
  const count = (flag: string) => optional(args.value(flag), (value) => integer(value, `--${flag}`, 1));
  const size = (flag: string) => optional(args.value(flag), (value) => phpSize(value, `--${flag}`));
  const given: { [K in keyof ServerLimits]-?: number | undefined } = {
    maxInputVars: count('max-input-vars'),
    maxNesting: count('max-input-nesting-level'),
    postMaxSize: size('post-max-size'),
    uploadMaxFilesize: size('upload-max-filesize'),
    maxFileUploads: count('max-file-uploads'),
  };
  const limits: ServerLimits = {};
  for (const key of Object.keys(PHP_DEFAULT_LIMITS) as (keyof ServerLimits)[]) {
    const value = given[key];
    if (value !== undefined) limits[key] = value;
  }
  return Object.keys(limits).length > 0 ? limits : undefined;
}

/** The banner's line: the limits in force. */
export function describeLimits(limits: ServerLimits | undefined): string {
  const { maxInputVars, maxNesting, postMaxSize, uploadMaxFilesize, maxFileUploads } = {
    ...PHP_DEFAULT_LIMITS,
    ...limits,
  };
  return (
    `max_input_vars ${maxInputVars}, max_input_nesting_level ${maxNesting}, post_max_size ${postMaxSize}, ` +
    `upload_max_filesize ${uploadMaxFilesize}, max_file_uploads ${maxFileUploads}` +
    (limits === undefined ? " (PHP's defaults)" : '')
  );
}
