import { abortable } from '../../core/base/abortable.js';
import type { ClientCore } from '../../core/client/client-core.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import type { Authorizer } from '../../core/http/authorizer.js';
import { type OAuthToken, requestToken } from './token-endpoint.js';

/** An OAuth 2.0 client registered on the hub (its "OAuth2 Apps Manager"), for the client-credentials grant. */
export interface ClientCredentials {
  /** The client's name as registered on the hub (20 characters at most). */
  clientId: string;
  /** The client's secret. Redacted from every error and log line. */
  clientSecret: string;
  /**
   * The token endpoint, relative to `baseUrl` or absolute on the same origin.
   * @default 'token' (Hubzilla's `/token`, as `/.well-known/oauth-authorization-server` says)
   */
  tokenUrl?: string;
  /** Scopes to ask for, space-separated. @default none (Hubzilla grants the client's registered scope) */
  scope?: string;
}

/** Seconds before `expires_in` runs out at which a token is renewed: requests never race the expiry. */
const RENEW_BEFORE_SECONDS = 60;

/**
 * Fetches a Bearer token with the client's credentials, keeps it until shortly before `expires_in`
 * (the hub gives no refresh token: renewing is asking again), renews it after a 401, and never runs
 * two token requests at once: concurrent calls wait for the same one.
 */
export class ClientCredentialsAuthorizer implements Authorizer {
  readonly #tokenCore: ClientCore;
  readonly #credentials: ClientCredentials;
  readonly #learn: (secret: string) => void;
  readonly #now: () => number;
  #token: Promise<{ value: string; renewAt: number }> | undefined;

  constructor(
    credentials: ClientCredentials,
    tokenCore: ClientCore,
    learn: (secret: string) => void,
    now: () => number = Date.now,
  ) {
    checkCredentials(credentials);
    this.#credentials = credentials;
    this.#tokenCore = tokenCore;
    this.#learn = learn;
    this.#now = now;
  }

  async headers(_request: unknown, signal: AbortSignal | undefined): Promise<Record<string, string>> {
    for (;;) {
      // One token request for everyone waiting; not tied to one caller's signal, so that caller's
      // abort does not fail the others (each stops waiting on its own signal).
      this.#token ??= this.#fetch();
      const current = this.#token;
      const token = await abortable(current, signal);
      if (this.#now() < token.renewAt) return { Authorization: `Bearer ${token.value}` };
      if (this.#token === current) this.#token = undefined;
    }
  }

  refresh(): boolean {
    this.#token = undefined;
    return true;
  }

  #fetch(): Promise<{ value: string; renewAt: number }> {
    const { scope, tokenUrl = 'token' } = this.#credentials;
    const grant: Record<string, string> = { grant_type: 'client_credentials', ...(scope ? { scope } : {}) };
    const pending = requestToken(this.#tokenCore, tokenUrl, grant).then((token: OAuthToken) => {
      this.#learn(token.accessToken);
      const lifetime = Math.max(1, token.expiresIn ?? 3600);
      const margin = Math.min(RENEW_BEFORE_SECONDS, lifetime / 10);
      return { value: token.accessToken, renewAt: this.#now() + (lifetime - margin) * 1000 };
    });
    // Only this request's waiters see its failure; the next call asks again.
    pending.catch(() => {
      if (this.#token === pending) this.#token = undefined;
    });
    return pending;
  }
}

function checkCredentials(credentials: ClientCredentials): void {
  if (credentials === null || typeof credentials !== 'object')
    throw new ArgumentError('clientCredentials must be { clientId, clientSecret }');
  const { clientId, clientSecret, tokenUrl, scope } = credentials;
  if (typeof clientId !== 'string' || clientId.trim() === '')
    throw new ArgumentError('clientCredentials.clientId is required: the client name registered on the hub');
  if (typeof clientSecret !== 'string' || clientSecret === '')
    throw new ArgumentError('clientCredentials.clientSecret is required');
  if (tokenUrl !== undefined && (typeof tokenUrl !== 'string' || tokenUrl === ''))
    throw new ArgumentError('clientCredentials.tokenUrl must be a non-empty string when given');
  if (scope !== undefined && typeof scope !== 'string')
    throw new ArgumentError('clientCredentials.scope must be a string when given');
}
