import type { ClientCore } from './client-core.js';

/** What inspecting or serializing a client shows: where it points, never a secret. */
export interface ClientSummary {
  /** Which client. */
  client: 'AppClient' | 'NativeClient';
  /** The site root, without credentials or query. */
  baseUrl: string;
  /** The client's validation mode (`strict`, `warn` or `off`). */
  validation: string;
  /** NativeClient: the channel it switches to, when not the login's default. */
  channel?: string;
  /** NativeClient: how it authenticates (`'basic'`, `'accessToken'`, `'clientCredentials'`, `'signature'`). */
  auth?: string;
  /** Whether the client talks to a relay (`socialsite-sdk/relay`), which holds the credentials. */
  relay?: boolean;
}

export function clientSummary(
  client: ClientSummary['client'],
  core: ClientCore,
  channel?: string,
): ClientSummary {
  return {
    client,
    baseUrl: core.root.href,
    validation: core.validation.mode,
    ...(channel === undefined ? {} : { channel }),
  };
}

export function inspectSummary(summary: ClientSummary): string {
  const { client, ...rest } = summary;
  return `${client} ${JSON.stringify(rest)}`;
}
