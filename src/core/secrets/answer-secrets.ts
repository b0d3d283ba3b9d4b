/**
 * A member written `"name": "value"` (JSON, its escapes kept), `"name": value` (a bare number), or
 * `name=value` (a form-encoded answer). No quantifier overlaps another: linear.
 */
const MEMBER =
  /"([A-Za-z_]+)"\s*:\s*(?:"((?:[^"\\]|\\.)*)"|(-?[0-9][0-9.eE+-]*))|(?:^|[?&\s])([A-Za-z_]+)=([^&\s"]+)/g;

/**
 * The values of the members called `names` anywhere in an answer's raw text, found before (and
 * whether or not) it parses or matches its schema: a token endpoint's new token is a secret from
 * the moment it is read, so no error about that answer (its `rawBody`, a schema message) shows it.
 */
export function secretMembers(names: readonly string[]): (text: string) => string[] {
  return (text) => {
    const found: string[] = [];
    MEMBER.lastIndex = 0;
    for (let match = MEMBER.exec(text); match; match = MEMBER.exec(text)) {
      const [, jsonName, jsonString, jsonNumber, formName, formValue] = match;
      if (jsonName !== undefined && names.includes(jsonName)) {
        const value = jsonString ?? jsonNumber!;
        found.push(value, jsonString === undefined ? value : unescapeJson(value));
      } else if (formName !== undefined && names.includes(formName)) {
        found.push(formValue!, decodeForm(formValue!));
      }
    }
    return found;
  };
}

function unescapeJson(value: string): string {
  try {
    return JSON.parse(`"${value}"`) as string;
  } catch {
    return value;
  }
}

function decodeForm(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}
