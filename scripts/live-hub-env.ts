/**
 * `HUB_JSON=<live kit's hub.json> npm run test:live`: the Native part's variables from the summary
 * the live kit writes for each hub it brings up (one per port, one per Hubzilla version), so the
 * same command targets 7.8.7, 8.8.7 or 8.9.3 by the file it names. Variables already set win.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface HubSummary {
  url: string;
  data_dir?: string;
  users?: Array<{ login: string; password: string }>;
  oauth2?: { client_id?: string; client_secret?: string };
  signature?: { key_id?: string; private_key_pem?: string };
}

/** The `HUB_*` variables a kit hub's `hub.json` gives (its first user: alice). */
export function hubEnvFromSummary(file: string): Record<string, string> {
  const hub = JSON.parse(readFileSync(file, 'utf8')) as HubSummary;
  const user = hub.users?.[0];
  const dataDir = hub.data_dir ?? path.join(path.dirname(file), 'data');
  const env: Record<string, string | undefined> = {
    HUB_BASE_URL: hub.url,
    HUB_USER: user?.login,
    HUB_PASSWORD: user?.password,
    HUB_CLIENT_ID: hub.oauth2?.client_id,
    HUB_CLIENT_SECRET: hub.oauth2?.client_secret,
    HUB_KEY_ID: hub.signature?.key_id,
    HUB_PRIVATE_KEY_FILE: hub.signature?.private_key_pem
      ? path.resolve(dataDir, hub.signature.private_key_pem)
      : undefined,
  };
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
