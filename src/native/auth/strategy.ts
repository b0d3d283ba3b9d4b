import { ClientCore } from '../../core/client/client-core.js';
import { ArgumentError } from '../../core/errors/argument-error.js';
import { missingCredentials } from '../../core/errors/missing-credentials.js';
import { type AttemptAuthorizer, perAttempt } from '../../core/http/authorizer.js';
import type { OptionOwner } from '../../core/options/check-options.js';
import { keysOf, refuseUnknownKeys } from '../../core/options/known-keys.js';
import type { ClientOptions } from '../../core/options/options.js';
import { basicAuth } from './basic.js';
import { type AccessTokenSource, BearerAuthorizer } from './bearer.js';
import { type ClientCredentials, ClientCredentialsAuthorizer } from './client-credentials.js';
import { SignatureAuthorizer, type SignatureCredentials } from './http-signature.js';

/** The ways a `NativeClient` can authenticate; exactly one is given. */
export type NativeAuthOptions =
  | {
      /** The channel nickname (`alice`, not `alice@hub.example`) or the account e-mail, for HTTP Basic. */
      username: string;
      /**
       * The account password, sent with HTTP Basic on every request. A password containing `:` works:
       * it is sent with the lower-case `basic` scheme, the only form Hubzilla accepts for it.
       */
      password: string;
      /** Not with this way to authenticate: exactly one is given. */
      accessToken?: never;
      /** Not with this way to authenticate: exactly one is given. */
      clientCredentials?: never;
      /** Not with this way to authenticate: exactly one is given. */
      signature?: never;
    }
  | {
      /**
       * An OAuth 2.0 access token (`Authorization: Bearer`), or a function returning one, which the
       * client calls again after a 401 (once; a second 401 is an `AuthenticationError`).
       */
      accessToken: AccessTokenSource;
      /** Not with this way to authenticate: exactly one is given. */
      username?: never;
      /** Not with this way to authenticate: exactly one is given. */
      password?: never;
      /** Not with this way to authenticate: exactly one is given. */
      clientCredentials?: never;
      /** Not with this way to authenticate: exactly one is given. */
      signature?: never;
    }
  | {
      /**
       * An OAuth 2.0 client registered on the hub: the client fetches Bearer tokens with the
       * client-credentials grant, keeps each until shortly before it expires and renews it after a 401.
       */
      clientCredentials: ClientCredentials;
      /** Not with this way to authenticate: exactly one is given. */
      username?: never;
      /** Not with this way to authenticate: exactly one is given. */
      password?: never;
      /** Not with this way to authenticate: exactly one is given. */
      accessToken?: never;
      /** Not with this way to authenticate: exactly one is given. */
      signature?: never;
    }
  | {
      /** Sign every request with the channel's RSA key (HTTP Signatures): no password, no token. */
      signature: SignatureCredentials;
      /** Not with this way to authenticate: exactly one is given. */
      username?: never;
      /** Not with this way to authenticate: exactly one is given. */
      password?: never;
      /** Not with this way to authenticate: exactly one is given. */
      accessToken?: never;
      /** Not with this way to authenticate: exactly one is given. */
      clientCredentials?: never;
    };

/** Which strategy a client uses, as inspection shows it. */
export type NativeAuthKind = 'basic' | 'accessToken' | 'clientCredentials' | 'signature';

/** What the client core needs of the chosen strategy. */
export interface NativeAuthSetup {
  kind: NativeAuthKind;
  /** Known up front; tokens learnt later are added as they come. */
  secrets: string[];
  /** Fixed headers (Basic). */
  headers?: Record<string, string>;
  /** Per-request credentials (everything but Basic); `learn` adds a secret to the client's redactor. */
  authorizer?: (learn: (secret: string) => void) => AttemptAuthorizer;
  hint: string;
}

const KINDS = ['username/password', 'accessToken', 'clientCredentials', 'signature'] as const;

const CLIENT_CREDENTIALS_KEYS = keysOf<ClientCredentials>({
  clientId: true,
  clientSecret: true,
  tokenUrl: true,
  scope: true,
});
const SIGNATURE_KEYS = keysOf<SignatureCredentials>({ keyId: true, privateKey: true, algorithm: true });

/** A misspelt `clientSecret` or `keyID` named as such, not reported as a missing one. */
function knownKeys(value: unknown, keys: readonly string[], name: string): void {
  if (typeof value === 'object' && value !== null) refuseUnknownKeys(value, keys, `a key of ${name}`);
}

/**
 * The one strategy `options` gives, checked: an `AuthenticationError` (`missing_credentials`) for
 * none, an `ArgumentError` for several. `owner` names
 * the client whose options these are (the token endpoint's requests are sent with them).
 */
export function nativeAuth(options: NativeAuthOptions & ClientOptions, owner: OptionOwner): NativeAuthSetup {
  const given = KINDS.filter((kind) =>
    kind === 'username/password'
      ? options.username !== undefined || options.password !== undefined
      : options[kind] !== undefined,
  );
  if (given.length === 0) {
    throw missingCredentials(
      'NativeClient needs credentials: pass username and password, accessToken, clientCredentials or signature (or { relay } in a browser page)',
    );
  }
  if (given.length !== 1) {
    throw new ArgumentError(`NativeClient takes ONE way to authenticate, got ${given.join(' and ')}`);
  }
  if (options.accessToken !== undefined) {
    const source = options.accessToken;
    return {
      kind: 'accessToken',
      secrets: [],
      authorizer: (learn) => perAttempt(new BearerAuthorizer(source, learn)),
      hint: 'The access token was refused: Hubzilla answers an expired or revoked token like a wrong password',
    };
  }
  if (options.clientCredentials !== undefined) {
    const credentials = options.clientCredentials;
    knownKeys(credentials, CLIENT_CREDENTIALS_KEYS, 'clientCredentials');
    const client = basicAuth(credentials?.clientId, credentials?.clientSecret);
    return {
      kind: 'clientCredentials',
      secrets: client.secrets,
      authorizer: (learn) =>
        perAttempt(new ClientCredentialsAuthorizer(credentials, tokenCore(options, client, owner), learn)),
      hint: 'A fresh token from the client credentials was refused: check that the client is registered for the channel and allowed the client_credentials grant',
    };
  }
  if (options.signature !== undefined) {
    const credentials = options.signature;
    knownKeys(credentials, SIGNATURE_KEYS, 'signature');
    return {
      kind: 'signature',
      secrets: [],
      authorizer: (learn) => perAttempt(new SignatureAuthorizer(credentials, learn)),
      hint: "The signature was refused: check keyId (acct:nick@host with the port, or nick@host, or the channel URL; not #main-key), that the key is the channel's, and the clock (Date within a day)",
    };
  }
  const basic = basicAuth(options.username, options.password);
  return {
    kind: 'basic',
    secrets: basic.secrets,
    headers: { Authorization: basic.authorization },
    hint: basic.hint,
  };
}

/** A core for the token endpoint: the client's options, the client's own Basic credentials. */
function tokenCore(
  options: ClientOptions,
  client: { authorization: string; secrets: string[] },
  owner: OptionOwner,
): ClientCore {
  return new ClientCore({
    options,
    owner,
    secrets: client.secrets,
    headers: { Authorization: client.authorization },
    credentials: 'omit',
    stepOfAnotherCall: true,
  });
}
