import { UsageError } from '../errors.js';

/**
 * The fields of a rule such as `503,retry-after=1,path=api.php`: `name=value` items separated by
 * commas, the first of which may leave out its name (`main`). A comma splits only before `name=`,
 * so an HTTP date (`retry-after=Wed, 21 Oct 2026 07:28:00 GMT`) keeps its comma.
 */
export function ruleFields(
  flag: string,
  text: string,
  main: string,
  names: readonly string[],
): Map<string, string> {
  const fields = new Map<string, string>();
  text.split(/,(?=[a-z-]+=)/).forEach((item, index) => {
    const named = /^([a-z-]+)=(.*)$/s.exec(item);
    const name = named?.[1] ?? main;
    const value = named?.[2] ?? item;
    if (!named && index > 0) throw new UsageError(`${flag}: ${JSON.stringify(item)} is not name=value`);
    if (!names.includes(name))
      throw new UsageError(`${flag}: unknown field ${JSON.stringify(name)} (fields: ${names.join(', ')})`);
    if (fields.has(name)) throw new UsageError(`${flag}: ${name} is given twice`);
    if (value === '') throw new UsageError(`${flag}: ${name} has no value`);
    fields.set(name, value);
  });
  return fields;
}
