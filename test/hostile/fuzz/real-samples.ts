import { AppClient, type ClientOptions, NativeClient } from '../../../src/index.js';
import { createFakeSite, type FakeSite } from '../../../src/testing/index.js';
import { APP_METHODS } from './app-methods.js';
import type { FuzzMethod, SampleIds } from './method.js';
import { NATIVE_METHODS } from './native-methods.js';

/** A method's real answer (the first response it got from the fake site) and its result. */
export interface RealSample {
  body: string;
  value: unknown;
}

export interface Samples<Client> {
  ids: SampleIds;
  byMethod: Map<FuzzMethod<Client>, RealSample>;
}

/**
 * Runs every method against the fake site, the repository's model of the real servers, and keeps
 * the first body each one received: the seeds the near-miss bodies are made from.
 */
export async function recordAppSamples(): Promise<Samples<AppClient>> {
  const { site, fetch, first } = recorder();
  const options = { baseUrl: site.url, fetch };
  const app = await AppClient.fromKey(site.credentials.appKey, options);
  const ids = await sampleIds(site, fetch);
  // fromKey last: the exchange cancels the token the others use.
  const ordered = [...APP_METHODS].sort(
    (a, b) => Number(a.name === 'AppClient.fromKey') - Number(b.name === 'AppClient.fromKey'),
  );
  const key = site.issueAppKey(site.credentials.appUserId);
  return { ids, byMethod: await record(ordered, app, { options, ids, key }, first) };
}

export async function recordNativeSamples(): Promise<Samples<NativeClient>> {
  const { site, fetch, first } = recorder();
  const options = { baseUrl: site.url, fetch };
  const hub = new NativeClient({ ...options, ...site.credentials.channel });
  const ids = await sampleIds(site, fetch);
  return { ids, byMethod: await record(NATIVE_METHODS, hub, { options, ids, key: '' }, first) };
}

async function record<Client>(
  methods: readonly FuzzMethod<Client>[],
  client: Client,
  context: { options: ClientOptions; ids: SampleIds; key: string },
  first: { reset(): void; body(): string },
): Promise<Map<FuzzMethod<Client>, RealSample>> {
  const byMethod = new Map<FuzzMethod<Client>, RealSample>();
  for (const method of methods) {
    first.reset();
    const value = await method.run(client, context);
    byMethod.set(method, { body: first.body(), value });
  }
  return byMethod;
}

function recorder() {
  const site = createFakeSite();
  let body: string | undefined;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await site.handler(new Request(input, init));
    body ??= await response.clone().text();
    return response;
  };
  return { site, fetch, first: { reset: () => (body = undefined), body: () => body ?? '' } };
}

/** Ids of real records, found through the API as a user would. */
async function sampleIds(site: FakeSite, fetch: typeof globalThis.fetch): Promise<SampleIds> {
  const hub = new NativeClient({ baseUrl: site.url, fetch, ...site.credentials.channel });
  const [groups, contacts, photos] = await Promise.all([
    hub.groups.list(),
    hub.abook.list(),
    hub.photos.list(),
  ]);
  const contact = contacts.find((entry) => !entry.abook_self);
  const { item_id, item } = await hub.items.update({ body: 'A thread to read back' });
  return {
    fileId: site.files.notes.file_id,
    photoId: String(photos[0]?.resource_id),
    groupId: Number(groups.find((group) => !group.deleted)?.id),
    xchanAddress: String(contact?.xchan_addr),
    abookId: Number(contact?.abook_id),
    itemId: item_id,
    itemMid: item.mid,
  };
}
