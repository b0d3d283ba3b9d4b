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
  version: { major: number; minor: number; patch: number };
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

/** The parts of `zod/mini` the check below uses (a parameter, so tests can pose as another zod). */
export type ZodNamespace = Pick<typeof z, 'string' | 'optional' | 'looseObject'>;

/**
 * The installed zod's, named one by one: the namespace object itself as a value would make every
 * bundler keep all of zod (78 kB more, min+gzip), and `z.core.version` would bring zod's core
 * whole into esbuild's bundles (every schema knows its version: `_zod.version`).
 */
const installedZod: ZodNamespace = { string: z.string, optional: z.optional, looseObject: z.looseObject };

/**
 * The zod versions the compiled parser was written for and checked against: 4.6.x. A later minor
 * is parsed by zod alone until its internals have been looked at and this is widened (CI's run
 * with the newest zod of the range, `npm run test:zod-range`, fails until then).
 */
export const READ_ZOD = { major: 4, minors: [6, 6] } as const;

/**
 * Whether the compiled parser may read `zod`'s internals: a version it was written for, whose
 * schemas still look the way it reads them (a probe of the kinds every client bundles anyway: the
 * traits as a `Set` naming each kind, `innerType`, `shape`, `catchall`, `optin`/`optout`, and
 * `_zod.run` giving a payload with `issues` at once). Any difference, or any throw, is a no.
 */
export function zodInternalsMatch(zod: ZodNamespace = installedZod): boolean {
  try {
    const text = zod.string();
    const { major, minor } = internals(text).version;
    if (major !== READ_ZOD.major || minor < READ_ZOD.minors[0] || minor > READ_ZOD.minors[1]) return false;
    const optional = zod.optional(text);
    const loose = zod.looseObject({ a: text, b: optional });
    const def = (schema: z.core.$ZodType) => internals(schema).def;
    const ran = internals(text).run({ value: 1, issues: [] }, { async: false });
    return (
      internals(text).traits instanceof Set &&
      plainKind(text) === '$ZodString' &&
      plainKind(optional) === '$ZodOptional' &&
      plainKind(loose) === '$ZodObject' &&
      def(optional).innerType === text &&
      (def(loose).shape as Record<string, unknown>).b === optional &&
      internals(def(loose).catchall as z.core.$ZodType).def.type === 'unknown' &&
      internals(text).optin === undefined &&
      internals(optional).optin === 'optional' &&
      internals(optional).optout === 'optional' &&
      !(ran instanceof Promise) &&
      Array.isArray(ran.issues) &&
      ran.issues.length > 0
    );
  } catch {
    return false;
  }
}
