/**
 * How PHP registers one request field (`php_register_variable_ex`, PHP 8): the variable's name and
 * the array keys after it (`null` for `[]`, which appends). `undefined`: PHP drops the field.
 */
export interface PhpName {
  /** The variable's name: `method` for ` method`, `a_b` for `a.b`, `a b` and `a[b`. */
  name: string;
  /** The array keys, outermost first: `a[x][]` is `['x', null]`. Empty for a plain variable. */
  keys: (string | null)[];
}

/**
 * The name PHP reads a request field's (decoded) name as, the same for the query, a urlencoded body
 * and a multipart body: a NUL ends the name; leading spaces are dropped; before the first `[`, spaces
 * and dots become `_`; `[key]` groups make an array (`[]` and `[ ]` append, text after the last `]`
 * is ignored); a `[` without its `]` becomes `_` (and so do the spaces, dots and `[` after it) when
 * it is the first, and ends the name when a key came before. An empty name is dropped.
 */
export function phpName(raw: string): PhpName | undefined {
  const nul = raw.indexOf('\0');
  const field = (nul < 0 ? raw : raw.slice(0, nul)).replace(/^ +/, '');
  const open = field.indexOf('[');
  const plain = (text: string) => text.replace(/[ .]/g, '_');
  if (open < 0) return field === '' ? undefined : { name: plain(field), keys: [] };
  const name = plain(field.slice(0, open));
  if (name === '') return undefined;
  const keys: (string | null)[] = [];
  let at = open;
  while (field[at] === '[') {
    const from = at + 1;
    const close = field.indexOf(']', field[from] === ' ' ? from + 1 : from);
    if (close < 0) {
      // Not an index: the first `[` is part of the name; a later one ends the name.
      if (keys.length > 0) break;
      return { name: `${name}_${field.slice(from).replace(/[ .[]/g, '_')}`, keys: [] };
    }
    const key = field.slice(from, close);
    keys.push(key === '' || key === ' ' ? null : key);
    at = close + 1;
  }
  return { name, keys };
}
