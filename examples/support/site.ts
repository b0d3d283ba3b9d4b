import { type FakeServer, type FakeSite, startFakeServer } from 'socialsite-sdk/testing';

/** Where an example connects, each API on its own: a real site from the environment, or the embedded fake. */
export interface ExampleSite {
  readonly appBaseUrl: string;
  readonly appKey: string;
  /** What `new NativeClient(...)` needs: `{ baseUrl, username, password }`. */
  readonly hub: { baseUrl: string; username: string; password: string };
  /** The embedded fake behind `hub`, to make things happen on it (`trickle`); `undefined` for a real hub. */
  readonly fakeHub: FakeSite | undefined;
  close(): Promise<void>;
}

/**
 * The site every example talks to. Each API is chosen on its own: APP_BASE_URL + APP_KEY select a
 * real Application API, HUB_BASE_URL + HUB_USER + HUB_PASSWORD a real hub; whatever is not set runs
 * against the embedded fake site on 127.0.0.1. The first use of each API prints which site it is,
 * so a run can never pass against the fake while the reader thinks it reached a real site.
 */
export async function exampleSite(): Promise<ExampleSite> {
  const { APP_BASE_URL, APP_KEY, HUB_BASE_URL, HUB_USER, HUB_PASSWORD } = process.env;
  const realApp = APP_BASE_URL && APP_KEY ? { baseUrl: APP_BASE_URL, key: APP_KEY } : undefined;
  const realHub =
    HUB_BASE_URL && HUB_USER && HUB_PASSWORD
      ? { baseUrl: HUB_BASE_URL, username: HUB_USER, password: HUB_PASSWORD }
      : undefined;
  const fake: FakeServer | undefined = realApp && realHub ? undefined : await startFakeServer();
  const app = realApp ?? { baseUrl: fake?.appBaseUrl ?? '', key: fake?.credentials.appKey ?? '' };
  const hub = realHub ?? { baseUrl: fake?.hubBaseUrl ?? '', ...(fake?.credentials.channel ?? noLogin) };
  const announced = new Set<string>();
  const announce = (api: string, real: boolean, url: string) => {
    if (announced.has(api)) return;
    announced.add(api);
    console.log(`${api}: ${real ? `live site ${url}` : `the embedded fake site at ${url}`}`);
  };
  return {
    get appBaseUrl() {
      announce('Application API', realApp !== undefined, app.baseUrl);
      return app.baseUrl;
    },
    get appKey() {
      return app.key;
    },
    get hub() {
      announce('Native API', realHub !== undefined, hub.baseUrl);
      return hub;
    },
    fakeHub: realHub ? undefined : fake?.site,
    close: async () => {
      await fake?.close();
    },
  };
}

const noLogin = { username: '', password: '' };
