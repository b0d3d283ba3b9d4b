import type { NativeClient, NetworkCursor } from '../../src/index.js';

/** A cursor at the newest item now, as a follow without one starts (the follow aborted once it has it). */
export async function startCursor(hub: NativeClient, pageSize: number): Promise<NetworkCursor> {
  const controller = new AbortController();
  const follow = hub.network.follow({ interval: 5, pageSize, signal: controller.signal });
  const pending = follow[Symbol.asyncIterator]().next();
  while (follow.cursor === undefined) await new Promise((resolve) => setTimeout(resolve, 2));
  controller.abort();
  await pending;
  return follow.cursor;
}

/** Up to `count` items from `cursor` (through JSON, as after a restart), and the cursor after them. */
export async function take(hub: NativeClient, cursor: NetworkCursor, count: number, pageSize: number) {
  const follow = hub.network.follow({ interval: 5, pageSize, cursor: JSON.parse(JSON.stringify(cursor)) });
  const bodies: string[] = [];
  if (count > 0)
    for await (const item of follow) {
      bodies.push(item.body);
      if (bodies.length === count) break;
    }
  return { bodies, cursor: (follow.cursor ?? cursor) as NetworkCursor };
}
