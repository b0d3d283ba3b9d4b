/** What no HTTP header value can hold: CR, LF, NUL (fetch refuses them) and anything outside Latin-1. */
const UNSENDABLE = /[\0\r\n\u0100-\uffff]/;

/**
 * The name of the first header whose value fetch would refuse, if any. Checked before sending, so
 * a credential that cannot go out fails as itself, not as a network error quoting the header.
 */
export function unsendableHeader(headers: Record<string, string>): string | undefined {
  for (const [name, value] of Object.entries(headers)) if (UNSENDABLE.test(value)) return name;
  return undefined;
}
