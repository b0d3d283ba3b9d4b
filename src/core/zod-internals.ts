import * as z from 'zod/mini';

/**
 * What the compiled parser (`fast-parse.ts`) reads of a zod schema beyond its public API: the
 * `_zod` internals of zod 4 (written against 4.6). package.json allows any later 4.x, so before
 * the first compile the parser checks, once, that the zod it runs with still has them: a zod whose
 * internals differ is left to parse everything itself (correct, only slower), rather than misread.
 */
export interface Internals {
  def: z.core.$ZodTypeDef & Record<string, unknown>;
  traits: ReadonlySet<string>;
  optin?: 'optional' | 'defaulted' | undefined;
  optout?: 'optional' | undefined;
  run: z.core.$ZodType['_zod']['run'];
}

export const internals = (schema: z.core.$ZodType) => schema._zod as unknown as Internals;

/**
 * The zod class a node is, when it is one of the plain kinds the compiled parser models (those the
 * SDK's schemas use: no client bundles zod's number, null, nullable or union kinds,
 * test/bundle/schema-kinds, so those run through zod like any kind not listed): its core traits
 * are `$ZodType` and that kind alone. A subclass that parses differently (a codec is a pipe, a discriminated union a union,
 * `z.email()` a string with a check) brings another trait.
 */
export function plainKind(schema: z.core.$ZodType): string | undefined {
  let kind: string | undefined;
  for (const trait of internals(schema).traits) {
    if (!trait.startsWith('$') || trait === '$ZodType') continue;
    if (kind !== undefined) return undefined;
    kind = trait;
  }
  return kind;
}

/** The parts of `zod/mini` the check below builds its probes with (a parameter, so tests can pose as another zod). */
export type ZodNamespace = Pick<
  typeof z,
  'string' | 'unknown' | 'optional' | 'transform' | 'pipe' | 'array' | 'object' | 'looseObject' | 'config'
> & { core: { version: { major: number } } };

/**
 * Whether `zod` builds schemas as the compiled parser reads them: zod 4; each kind the SDK's
 * schemas use with its one trait and the `def` members read (`innerType`, `in`/`out`, `transform`,
 * `element`, `shape`, `catchall`, `checks`, `coerce`); `optin`/`optout` as interpreted; `_zod.run`
 * giving a payload with `issues`. Any difference, or any throw, is a no. The probes are only kinds
 * every client bundles already (checks, defaults, coercion or `strictObject` would each add zod
 * code to every app; no SDK schema uses them, and the parser leaves checks and defaults to zod).
 */
export function zodInternalsMatch(zod: ZodNamespace = z): boolean {
  try {
    if (zod.core.version.major !== 4) return false;
    const text = zod.string();
    const optional = zod.optional(text);
    const change = (value: string) => value;
    const transform = zod.transform(change);
    const pipe = zod.pipe(text, transform);
    const array = zod.array(text);
    const object = zod.object({ a: text, b: optional, c: transform });
    const loose = zod.looseObject({ a: text });
    const kind = (schema: z.core.$ZodType, expected: string) => plainKind(schema) === expected;
    const def = (schema: z.core.$ZodType) => internals(schema).def;
    const ran = internals(text).run({ value: 1, issues: [] }, { async: false });
    return (
      internals(text).traits instanceof Set &&
      kind(text, '$ZodString') &&
      kind(zod.unknown(), '$ZodUnknown') &&
      kind(optional, '$ZodOptional') &&
      kind(transform, '$ZodTransform') &&
      kind(pipe, '$ZodPipe') &&
      kind(array, '$ZodArray') &&
      kind(object, '$ZodObject') &&
      kind(loose, '$ZodObject') &&
      def(text).type === 'string' &&
      (def(text).checks === undefined ||
        (Array.isArray(def(text).checks) && def(text).checks?.length === 0)) &&
      !def(text).coerce &&
      def(optional).innerType === text &&
      def(pipe).in === text &&
      def(pipe).out === transform &&
      def(transform).transform === change &&
      def(array).element === text &&
      (def(object).shape as Record<string, unknown>).b === optional &&
      def(object).catchall === undefined &&
      internals(def(loose).catchall as z.core.$ZodType).def.type === 'unknown' &&
      internals(text).optin === undefined &&
      internals(optional).optin === 'optional' &&
      internals(optional).optout === 'optional' &&
      internals(transform).optin === 'optional' &&
      internals(transform).optout === undefined &&
      !(ran instanceof Promise) &&
      Array.isArray(ran.issues) &&
      ran.issues.length > 0 &&
      typeof zod.config() === 'object'
    );
  } catch {
    return false;
  }
}
