import type { AllKeys } from '../core/options/known-keys.js';

/**
 * How the SDK sends one field, and so how the relay reads it from the page: `id` a positive
 * integer, `count` an integer ≥ 0, `bool` `1`/`0`, `text` any text, `list` repeated `name[]`
 * fields, `text-or-list` either (the hub's ACL lists), `file` a multipart file part.
 */
export type FieldKind = 'id' | 'count' | 'bool' | 'text' | 'list' | 'text-or-list' | 'file';

/** A field for every key of `T`: the compiler checks the relay's list against the SDK's parameter type. */
export type FieldsOf<T> = { readonly [K in AllKeys<T> & string]-?: FieldKind };

/** The typed fields the relay read from the page, checked and ready to send. */
export type TypedFields = Record<string, string | number | boolean | readonly string[] | File>;

/** One call the SDK makes, as the relay rebuilds it. */
export interface SdkCall {
  /** The HTTP method the SDK sends it with; the page may use no other. */
  httpMethod: 'GET' | 'POST';
  /** Every field the SDK may send, by the name it sends it under. */
  fields: Readonly<Record<string, FieldKind>>;
  /** The SDK's own argument checks of the call, on the typed fields (an `ArgumentError` refuses). */
  check?: ((fields: TypedFields) => void) | undefined;
}
