import { ArgumentError } from '../../core/errors/argument-error.js';
import type { Authorizer } from '../../core/http/authorizer.js';

/** An access token, or a function the client calls for one (again after a 401, once). */
export type AccessTokenSource = string | (() => string | Promise<string>);

/**
 * `Authorization: Bearer <token>`. A fixed token is final: a 401 is an `AuthenticationError`. A
 * provider is asked once, and again after a 401 (the hub says nothing more specific than
 * "This api requires login" for an expired token), then a second 401 is final. Concurrent calls
 * share one pending request for a token.
 */
export class BearerAuthorizer implements Authorizer {
  readonly #source: AccessTokenSource;
  readonly #learn: (secret: string) => void;
  #token: Promise<string> | undefined;

  constructor(source: AccessTokenSource, learn: (secret: string) => void) {
    if (typeof source === 'string' ? source.trim() === '' : typeof source !== 'function')
      throw new ArgumentError('accessToken must be a non-empty string or a function returning one');
    this.#source = source;
    this.#learn = learn;
    if (typeof source === 'string') learn(source);
  }

  async headers(): Promise<Record<string, string>> {
    return { Authorization: `Bearer ${await this.#current()}` };
  }

  refresh(): boolean {
    if (typeof this.#source === 'string') return false;
    this.#token = undefined;
    return true;
  }

  #current(): Promise<string> {
    const source = this.#source;
    if (typeof source === 'string') return Promise.resolve(source);
    this.#token ??= Promise.resolve()
      .then(source)
      .then((token) => {
        if (typeof token !== 'string' || token.trim() === '')
          throw new ArgumentError('the accessToken function must resolve a non-empty string');
        this.#learn(token);
        return token;
      });
    // A failed provider is asked again next time.
    this.#token.catch(() => {
      this.#token = undefined;
    });
    return this.#token;
  }
}
