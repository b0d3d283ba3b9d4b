import { startFakeServer } from 'socialsite-sdk/testing';

/** Where an example connects: a real site from the environment, or the embedded fake site on loopback. */
export interface ExampleSite {
  appBaseUrl: string;
  appKey: string;
  /** What `new NativeClient(...)` needs: `{ baseUrl, username, password }`. */
  hub: { baseUrl: string; username: string; password: string };
  close(): Promise<void>;
}

/**
 * The site every example talks to. Set APP_BASE_URL + APP_KEY and HUB_BASE_URL + HUB_USER +
 * HUB_PASSWORD to run against a real site; by default the fake site starts on 127.0.0.1.
 */
export async function exampleSite(): Promise<ExampleSite> {
  const { APP_BASE_URL, APP_KEY, HUB_BASE_URL, HUB_USER, HUB_PASSWORD } = process.env;
  if (APP_BASE_URL && APP_KEY && HUB_BASE_URL && HUB_USER && HUB_PASSWORD) {
    return {
      appBaseUrl: APP_BASE_URL,
      appKey: APP_KEY,
      hub: { baseUrl: HUB_BASE_URL, username: HUB_USER, password: HUB_PASSWORD },
      close: async () => {},
    };
  }
  const fake = await startFakeServer();
  return {
    appBaseUrl: fake.appBaseUrl,
    appKey: fake.credentials.appKey,
    hub: { baseUrl: fake.hubBaseUrl, ...fake.credentials.channel },
    close: () => fake.close(),
  };
}
