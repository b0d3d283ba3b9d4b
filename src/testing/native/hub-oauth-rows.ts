/*
 * The fake hub's OAuth 2.0 rows (clients, access tokens, authorization codes), as the hub's
 * OAuth library stores them.
 */

/** A registered OAuth 2.0 client, as the hub's `oauth_clients` row. */
export interface OAuthClient {
  /** The client's name, as the "OAuth2 Apps" form stores it (20 characters at most on the hub). */
  client_id: string;
  /** Empty for a public client (allowed for the authorization-code grant only). */
  client_secret: string;
  /** One or more redirect URIs, separated by spaces; empty accepts any. */
  redirect_uri: string;
  /**
   * The grants the client may use, separated by spaces. `null` (a NULL column) allows every grant;
   * the empty text that Hubzilla's "OAuth2 Apps" form stores for a blank field allows none.
   */
  grant_types: string | null;
  /** The scopes the client may ask for, separated by spaces; `null` or empty: any. */
  scope: string | null;
  /** The channel (`channel_id`) the client acts as. */
  user_id: number;
}

/** An issued access token, as the hub's `oauth_access_tokens` row. */
export interface OAuthAccessToken {
  /** 40 lower-case hex digits. */
  access_token: string;
  /** The client the token was issued to. */
  client_id: string;
  /** The channel the token acts as. */
  user_id: number;
  /** Unix seconds (site clock) after which the token is refused. */
  expires: number;
  /** The granted scope; `null` as Hubzilla stores it when none was asked for. */
  scope: string | null;
}

/** An authorization code waiting to be exchanged, as the hub's `oauth_authorization_codes` row. */
export interface OAuthAuthorizationCode {
  /** 40 lower-case hex digits. */
  authorization_code: string;
  /** The client the code was issued to. */
  client_id: string;
  /** The channel that allowed it (`channel_id`). */
  user_id: number;
  /** The redirect URI `/authorize` was called with; `/token` must repeat it. */
  redirect_uri: string;
  /** Unix seconds (site clock): 30 seconds after issue, as in the OAuth library. */
  expires: number;
  /** The scope asked for, or `null`. */
  scope: string | null;
  /** The PKCE challenge, stored unchecked as `/authorize` received it. */
  code_challenge: string | null;
  /** `S256` or `plain`, as `/authorize` received it, or `null` without PKCE. */
  code_challenge_method: string | null;
}
