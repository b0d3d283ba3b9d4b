import * as z from 'zod/mini';

/**
 * A value for an error message. A long one (a wrong field can hold a megabyte of base64) is
 * described, not cut: the client redacts secrets from messages, and a cut could keep half of one.
 */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  if (text.length <= 40) return text;
  return typeof value === 'string' ? `a string of ${value.length} characters` : `a ${typeof value} value`;
}

/** How a normalizer (`coerce.ts`, `native-date.ts`) refuses a value: a custom issue with this message. */
export function fail(ctx: z.core.ParsePayload, message: string): never {
  ctx.issues.push({ code: 'custom', message, input: ctx.value });
  return z.NEVER;
}
