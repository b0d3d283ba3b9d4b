/**
 * A record type as the SDK documents it: the fields of `T` (the `z.infer` of a record schema) without
 * the string index signature that `z.looseObject` adds, at every depth, so that a misspelled field
 * (`me.full_nmae`) is a compile error instead of a silent `unknown`. The fields keep their types,
 * their optionality and the JSDoc written in the schema. The values still carry every field the
 * server sent: read one the type does not list with {@link extraField}.
 *
 * @example
 * const MyUserSchema = z.extend(UserSchema, { nickname: z.string() });
 * interface MyUser extends KnownFields<z.infer<typeof MyUserSchema>> {}
 */
export type KnownFields<T> = T extends Date
  ? T
  : T extends readonly (infer Element)[]
    ? KnownFields<Element>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: KnownFields<T[K]> }
      : T;
