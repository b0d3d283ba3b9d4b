import { Params } from '../http/params.js';
import type { HubChannel } from '../native/hub-state.js';
import { itemUpdate } from '../native/items.js';
import type { Runtime } from '../runtime.js';

/**
 * Runs `item/update` as `channel`, exactly as a client's request would (the same parameters,
 * checks, storage and delivery), and resolves with its JSON answer. An answer without success is
 * thrown: the event did not happen.
 */
export async function itemUpdateAs(
  runtime: Runtime,
  channel: HubChannel,
  fields: readonly [string, string][],
  media?: File,
): Promise<{ item_id: number }> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  // From the arrivals' own stream, as `addItem`'s: the same events give the same message ids,
  // whatever requests ran in between.
  form.append('message_id', runtime.arrivals.uuid());
  if (media) form.append('media', media);
  const site = runtime.options.siteUrl;
  const request = new Request(`${site}${runtime.options.basePath}api/z/1.0/item/update`, {
    method: 'POST',
    body: form,
  });
  runtime.options.tick();
  const params = await Params.read(request);
  const response = await itemUpdate({ runtime, request, method: 'POST', params, channel, site });
  const answer = (await response.json().catch(() => ({}))) as {
    success?: boolean;
    item_id?: number;
    message?: string;
  };
  if (answer.success !== true || answer.item_id === undefined)
    throw new Error(`fake site: ${channel.nick}'s item/update refused: ${answer.message ?? 'no answer'}`);
  return { item_id: answer.item_id };
}
