/** A PHP table (`$_GET`, `$_POST`, `$_FILES`) as plain objects, nested arrays too: what `var_export` would show. */
export const plainTable = (table: Map<string, unknown>): unknown =>
  Object.fromEntries(
    [...table].map(([key, value]) => [key, value instanceof Map ? plainTable(value) : value]),
  );
