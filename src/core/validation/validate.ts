import type * as z from 'zod/mini';
import { ValidationError, type ValidationIssue } from '../errors/validation-error.js';
import type { HttpResponse } from '../http/transport.js';
import type { Hooks, ValidationMode } from '../options/options.js';
import type { Redactor } from '../secrets/redact.js';
import { fastParser, GAVE_UP } from './fast-parse.js';

const MAX_LISTED_ISSUES = 5;

export interface ValidationContext {
  mode: ValidationMode;
  hooks: Hooks;
  redactor: Redactor;
}

/**
 * Checks and normalizes `value` with `schema` according to the client's mode: `strict` throws
 * `ValidationError`, `warn` reports through `hooks.onValidationWarning` and returns the value as
 * received, `off` returns it untouched (no normalization either: the fast path for trusted servers).
 * A well-formed answer takes the compiled parse (`fast-parse.ts`, the same output as zod's); any
 * other is parsed by zod, which decides and words the issues.
 */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  context: ValidationContext,
  response: Pick<HttpResponse, 'method' | 'url' | 'text'>,
): z.output<S> {
  if (context.mode === 'off') return value as z.output<S>;
  const parsed = fastParser(schema)(value);
  if (parsed !== GAVE_UP) return parsed as z.output<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: ValidationIssue[] = result.error.issues.map((issue) => ({
    path: issue.path,
    // Issue messages may quote the offending value, which can be a secret the server echoed.
    message: context.redactor.text(issue.message),
    code: issue.code,
  }));
  const message = `The answer of ${response.method} ${response.url} does not match the documented shape: ${describeIssues(issues)}`;
  if (context.mode === 'warn') {
    context.hooks.onValidationWarning?.({ method: response.method, url: response.url, issues, message });
    return value as z.output<S>;
  }
  throw new ValidationError(message, {
    issues,
    rawBody: context.redactor.text(response.text),
    url: response.url,
  });
}

function describeIssues(issues: ValidationIssue[]): string {
  const listed = issues
    .slice(0, MAX_LISTED_ISSUES)
    .map((issue) => `${issue.path.length ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`);
  const more = issues.length > MAX_LISTED_ISSUES ? ` (and ${issues.length - MAX_LISTED_ISSUES} more)` : '';
  return `${listed.join('; ')}${more}`;
}
