/**
 * Throws when `input` has a key that is not in `keys`: a misspelt field of a fake-site method
 * (`parent_mid` for `parent`) must fail the test that wrote it, not quietly make something else.
 */
export function refuseUnknownKeys(what: string, input: object, keys: readonly string[]): void {
  const unknown = Object.keys(input).find((key) => !keys.includes(key));
  if (unknown !== undefined)
    throw new Error(`fake site: ${what} takes no ${JSON.stringify(unknown)} (${keys.join(', ')})`);
}
