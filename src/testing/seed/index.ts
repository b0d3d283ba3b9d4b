import type { AppState } from '../app/app-state.js';
import type { HubState } from '../native/hub-state.js';
import { registerClient } from '../native/oauth-clients.js';
import { photoItem } from '../native/photo-item.js';
import type { ResolvedOptions } from '../options.js';
import { APP_USER_ID, seedApp } from './app-seed.js';
import type { SeedContext } from './context.js';
import { seedFiles } from './hub-files.js';
import { seedItems } from './hub-items.js';
import { SEEDED_OAUTH_CLIENT } from './hub-oauth.js';
import { seedPeople } from './hub-people.js';
import { Prng } from './prng.js';

export interface Seeded {
  app: AppState;
  hub: HubState;
  /** The key that opens the app for user 1. */
  appKey: string;
  /** The stream for ids created after seeding (tokens, sessions, new hashes). */
  prng: Prng;
  /** The stream for what arrives later (`site.addItem`, `trickle`). */
  arrivals: Prng;
}

/** The whole site's data for `options.seed`: the same seed gives the same data. */
export function seedSite(options: ResolvedOptions): Seeded {
  const root = new Prng(options.seed);
  const context: SeedContext = {
    prng: root,
    siteUrl: options.siteUrl,
    host: new URL(options.siteUrl).host,
    seededAt: options.now(),
  };
  const app = seedApp(context);
  const appKey = root.fork('app-key').hex(32);
  app.keys.set(appKey, APP_USER_ID);

  const people = seedPeople(context);
  const channel = (nick: string) => {
    const found = people.channels.find((c) => c.nick === nick);
    if (!found) throw new Error(`seed: no channel ${nick}`);
    return found;
  };
  const alice = channel('alice');
  const bob = channel('bob');
  const friends = people.groups.find((g) => g.uid === alice.channel_id && g.gname === 'Friends')?.hash ?? '';
  const { files, photos } = seedFiles(context, alice, friends, bob.hash);
  const items = seedItems(context, alice, bob, friends);
  const itemPrng = root.fork('photo-items');
  for (const photo of files.filter((file) => file.is_photo === 1)) {
    const folder = files.find((file) => file.hash === photo.folder);
    const rows = photos.filter((row) => row.resource_id === photo.hash);
    if (folder)
      items.push(photoItem(context.siteUrl, items.length + 1, itemPrng.uuid(), alice, photo, folder, rows));
  }
  const hub: HubState = {
    ...people,
    files,
    photos,
    items,
    sessions: new Map(),
    oauthClients: [],
    accessTokens: new Map(),
    authorizationCodes: new Map(),
  };
  registerClient(hub, root.fork('oauth'), SEEDED_OAUTH_CLIENT);
  return { app, hub, appKey, prng: root.fork('runtime'), arrivals: root.fork('arrivals') };
}
