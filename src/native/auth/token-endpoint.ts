import * as z from 'zod/mini';
import type { ClientCore } from '../../core/client/client-core.js';
import { ApiError } from '../../core/errors/api-error.js';
import { AuthenticationError } from '../../core/errors/authentication-error.js';
import type { RequestOptions } from '../../core/options/options.js';
import { secretMembers } from '../../core/secrets/answer-secrets.js';
import { nullableStringSchema } from '../../schemas/coerce.js';
import { fail, show } from '../../schemas/issue.js';

/**
 * A token that is not `""` (it would go out as `Bearer ` and be refused). A transform, not
 * `z.minLength`: zod's check machinery would add 0.3 kB (gzipped) to every `NativeClient`
 * bundle for this one field.
 */
const accessTokenSchema = z.pipe(
  z.string(),
  z.transform((token: string, ctx) =>
    token === '' ? fail(ctx, 'Expected a non-empty access token') : token,
  ),
);

/** What Hubzilla's `/token` answers (bshaffer oauth2-server-php): no refresh token for these grants. */
export const TokenAnswerSchema = z.looseObject({
  access_token: accessTokenSchema,
  /** Seconds; 3600 on Hubzilla 8.8.7. (A transform: zod's number schema, for this one field, cost 0.15 kB.) */
  expires_in: z.optional(
    z.transform((seconds: number | null, ctx): number | null =>
      seconds === null || typeof seconds === 'number'
        ? seconds
        : fail(ctx, `Expected a number of seconds, received ${show(seconds)}`),
    ),
  ),
  token_type: z.optional(nullableStringSchema),
  scope: z.optional(nullableStringSchema),
  /** With the `openid` scope. */
  id_token: z.optional(z.string()),
});

/** The members of a token answer that are secrets, learnt before the answer is checked. */
const TOKEN_MEMBERS = secretMembers(['access_token', 'refresh_token', 'id_token']);

/** A token as the hub handed it out. */
export interface OAuthToken {
  /** The Bearer token: a secret, redacted from every error and log line. */
  accessToken: string;
  /** Seconds the token is valid, when the hub said (3600 on Hubzilla 8.8.7). */
  expiresIn: number | undefined;
  /** `'Bearer'`. */
  tokenType: string;
  /** The granted scope, when the hub says (Hubzilla sends `null`). */
  scope: string | undefined;
  /** The OpenID Connect id_token, with the `openid` scope. Its `iss` is the site NAME on 8.8.7. */
  idToken: string | undefined;
}

/**
 * `POST /token` on a core set up with the client's Basic credentials: the grant's fields in a form
 * body. OAuth errors (`invalid_client`, `unauthorized_client`, `invalid_grant`...) come back as
 * HTTP 400 JSON; they are `AuthenticationError`s with the OAuth error as `code`, since no retry with
 * the same credentials can pass.
 */
export async function requestToken(
  core: ClientCore,
  path: string,
  grant: Record<string, string>,
  options?: RequestOptions,
): Promise<OAuthToken> {
  try {
    const answer = await core.answer<typeof TokenAnswerSchema, z.output<typeof TokenAnswerSchema>>(
      { method: 'POST', path, body: new URLSearchParams(grant), options },
      { schema: TokenAnswerSchema, shape: 'object', secretsIn: TOKEN_MEMBERS },
      (body) => body,
    );
    return {
      accessToken: answer.access_token,
      expiresIn: answer.expires_in ?? undefined,
      tokenType: answer.token_type ?? 'Bearer',
      scope: answer.scope ?? undefined,
      idToken: answer.id_token,
    };
  } catch (error) {
    throw asAuthenticationError(error);
  }
}

function asAuthenticationError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error instanceof AuthenticationError) return error;
  const oauth = error.body as { error?: unknown; error_description?: unknown } | undefined;
  if ((error.status !== 400 && error.status !== 401) || typeof oauth?.error !== 'string') return error;
  const description = typeof oauth.error_description === 'string' ? `: ${oauth.error_description}` : '';
  return new AuthenticationError(
    `The hub's token endpoint refused the request (${oauth.error}${description})`,
    { status: error.status, code: oauth.error, body: error.body, url: error.url, method: error.method },
  );
}
