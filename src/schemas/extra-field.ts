/** The field names a type declares, without those of an index signature (a schema's raw output has one). */
type DeclaredKey<R> = keyof {
  [K in keyof R as string extends K ? never : number extends K ? never : K]: unknown;
};

/**
 * A field of a record that its type does not list: one a newer server generation or a plug-in sends
 * (phpFox 3.5+'s HTML `profile_link`, a column a Hubzilla add-on adds). Records keep every field the
 * server sent, but their types list only the documented ones, so that typos do not compile; this is
 * the one way to read the others. The value is as the server sent it (no normalization), or
 * `undefined` when the record has no such own field.
 *
 * A field the type lists is refused at compile time: read it directly, typed and normalized.
 *
 * @example
 * const me = await app.user.getUser();
 * const link = extraField(me, 'profile_link'); // unknown: check before use
 * if (typeof link === 'string') render(link);
 */
export function extraField<R extends object, N extends string>(
  record: R,
  name: N & (N extends DeclaredKey<R> ? never : unknown),
): unknown {
  // Own fields only: `constructor`, `toString` and `__proto__` are not fields of a record.
  return Object.hasOwn(record, name) ? (record as Record<string, unknown>)[name] : undefined;
}
