/**
 * What tells a page from the one before (a server that answers the same page again ends the walk,
 * see `LoadedPage.fingerprint`): the items' ids joined, when every item has one, which costs a
 * fraction of serializing the page; else the items serialized (in `warn`/`off` an item may be
 * `null` or lack its id, and ids that all read "missing" would make every page look the same).
 */
export function pageFingerprint(items: unknown, idOf: ((item: never) => unknown) | undefined): string {
  if (idOf && Array.isArray(items)) {
    const ids: unknown[] = [];
    for (const item of items) {
      const id = item === null || typeof item !== 'object' ? undefined : idOf(item as never);
      if (id === undefined || id === null || id === '') return JSON.stringify(items);
      ids.push(id);
    }
    return `ids:${ids.join('\n')}`;
  }
  return JSON.stringify(items);
}
