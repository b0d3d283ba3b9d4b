/** After one poll a follower pauses for an hour (failures too): `firstItems` ends it soon after. */
export const PAUSE_FOR_AN_HOUR = { interval: 3_600_000, maxBackoff: 3_600_000 } as const;

/**
 * The first (up to 2) items of a follow, which is aborted 50 ms after it started: its first poll
 * answers at once (the fuzz's fetch is a stub), then it pauses, and the abort ends the pause.
 */
export async function firstItems<T>(start: (signal: AbortSignal) => AsyncIterable<T>): Promise<T[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 50);
  const items: T[] = [];
  try {
    for await (const item of start(controller.signal)) {
      items.push(item);
      if (items.length === 2) break;
    }
  } finally {
    clearTimeout(timer);
  }
  return items;
}
