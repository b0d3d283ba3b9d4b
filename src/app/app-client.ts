import { ApiPromise } from '../core/client/api-promise.js';
import { ClientCore } from '../core/client/client-core.js';
import { type ClientSummary, clientSummary, inspectSummary } from '../core/client/client-summary.js';
import { ArgumentError } from '../core/errors/argument-error.js';
import { missingCredentials } from '../core/errors/missing-credentials.js';
import { checkClientOptions, type OptionOwner } from '../core/options/check-options.js';
import { keysOf } from '../core/options/known-keys.js';
import type { ClientOptions, RequestOptions } from '../core/options/options.js';
import { type RelayClientOptions, relayedOptions } from '../core/options/relay-url.js';
import type { Fields } from '../core/request/query.js';
import { secretMembers } from '../core/secrets/answer-secrets.js';
import { type ApiInfo, TokenResponseSchema } from '../schemas/index.js';
import { AppCaller } from './app-caller.js';
import {
  APP_METHOD_OUTPUTS,
  type AppMethodOutput,
  type AppMethodParams,
  type AppParamValue,
  type KnownAppMethod,
} from './app-methods.js';
import { tokenScreen } from './envelope.js';
import { checkAppParams } from './method-checks.js';
import { FriendResource } from './resources/friend.js';
import { MailResource } from './resources/mail.js';
import { NotificationResource } from './resources/notification.js';
import { PhotoResource } from './resources/photo.js';
import { UserResource } from './resources/user.js';
import { photoFile } from './upload.js';

/** token.php's new token: a secret from the moment it is read, before the answer is checked. */
const TOKEN_MEMBERS = secretMembers(['token']);

/** Options of an {@link AppClient} that calls the site: the shared {@link ClientOptions} plus the access token. */
export interface AppClientOptions extends ClientOptions {
  /** The access token from `token.php` (see `AppClient.fromKey`). */
  token: string;
  /** Not with `token`: a client either calls the site or a relay. */
  relay?: never;
}

/** Options of an {@link AppClient} in a browser page behind a relay: no token in the page. */
export interface AppClientRelayOptions extends RelayClientOptions {
  /** Not with `relay`: the relay adds the token on the server. */
  token?: never;
}

/** `token` besides the shared options. */
const APP_CLIENT_OPTIONS: OptionOwner = {
  name: 'AppClient',
  ownKeys: keysOf<Omit<AppClientOptions, keyof ClientOptions>>({ token: true, relay: true }),
};
/** The shared options only: the token is what `fromKey` fetches. */
const FROM_KEY_OPTIONS: OptionOwner = { name: 'AppClient.fromKey', ownKeys: [] };

/** Every 404 of token.php or api.php means they are not where baseUrl says. */
const APP_NOT_FOUND_HINT = 'baseUrl must be the site folder that holds token.php and api.php';

/**
 * A client of the Application API (phpFox `token.php` + `api.php`).
 *
 * ```ts
 * const app = await AppClient.fromKey(key, { baseUrl: 'https://site.example' });
 * for await (const friend of app.friend.getFriends()) console.log(friend.full_name);
 * ```
 */
export class AppClient {
  /** The `user` module: `user.getUser`. */
  readonly user: UserResource;
  /** The `friend` module: `friend.getFriends`, `friend.isFriend`. */
  readonly friend: FriendResource;
  /** The `mail` module: `mail.getNewCount`. */
  readonly mail: MailResource;
  /** The `notification` module: `notification.get`, `notification.getNewCount`. */
  readonly notification: NotificationResource;
  /** The `photo` module: `photo.getPhotos`, `photo.addPhoto`. */
  readonly photo: PhotoResource;
  readonly #caller: AppCaller;
  readonly #token: string | undefined;
  readonly #summary: ClientSummary;

  /**
   * A client of the site (`{ baseUrl, token }`), or, in a browser page, of a relay
   * (`{ relay: '/social/' }`, see `socialsite-sdk/relay`) that holds the token on your server.
   */
  constructor(options: AppClientRelayOptions);
  constructor(options: AppClientOptions);
  constructor(options: AppClientOptions | AppClientRelayOptions) {
    // First: a misspelt `tokne` should be named as such, not reported as a missing token.
    if (typeof options === 'object' && options !== null)
      checkClientOptions(options as ClientOptions, APP_CLIENT_OPTIONS);
    const setup = { owner: APP_CLIENT_OPTIONS, notFoundHint: APP_NOT_FOUND_HINT };
    if (
      options !== null &&
      typeof options === 'object' &&
      'relay' in options &&
      options.relay !== undefined
    ) {
      const core = new ClientCore({ ...setup, options: relayedOptions(options, ['token']), secrets: [] });
      this.#token = undefined;
      this.#caller = new AppCaller(core, undefined);
      this.#summary = { ...clientSummary('AppClient', core), relay: true };
    } else {
      this.#token = AppClient.#checkedToken(options);
      const core = new ClientCore({ ...setup, options: options as AppClientOptions, secrets: [this.#token] });
      this.#caller = new AppCaller(core, this.#token);
      this.#summary = clientSummary('AppClient', core);
    }
    this.user = new UserResource(this.#caller);
    this.friend = new FriendResource(this.#caller);
    this.mail = new MailResource(this.#caller);
    this.notification = new NotificationResource(this.#caller);
    this.photo = new PhotoResource(this.#caller);
  }

  static #checkedToken(options: AppClientOptions | AppClientRelayOptions): string {
    if (typeof options?.token !== 'string' || options.token.trim() === '') {
      // The public contract: an empty token is an authentication failure, found before any request.
      throw missingCredentials(
        'AppClient needs credentials: pass { baseUrl, token } with the token from AppClient.fromKey(key, { baseUrl }), or { relay } in a browser page',
      );
    }
    return options.token;
  }

  /**
   * The access token every call carries. A getter over a private field: it is not an own property,
   * so `util.inspect(app)`, `console.log(app)` and `JSON.stringify(app)` never show it. `''` for a
   * client behind a relay, which never sees the token.
   */
  get token(): string {
    return this.#token ?? '';
  }

  /** What `JSON.stringify(app)` shows: where the client points, never the token. */
  toJSON(): ClientSummary {
    return this.#summary;
  }

  /** What `util.inspect(app)` and `console.log(app)` show in Node. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return inspectSummary(this.#summary);
  }

  /**
   * Trades the `key` the site passed to the app (query parameter `key` of the iframe) for a token at
   * `token.php`, and returns a client that uses it. A rejected key or an empty token →
   * `AuthenticationError`. Each exchange cancels the app's previous token for that user.
   */
  static async fromKey(
    key: string,
    options: ClientOptions,
    requestOptions?: RequestOptions,
  ): Promise<AppClient> {
    if (typeof key !== 'string' || key.trim() === '')
      throw new ArgumentError('key is required and must not be empty');
    const core = new ClientCore({
      options,
      owner: FROM_KEY_OPTIONS,
      secrets: [key],
      notFoundHint: APP_NOT_FOUND_HINT,
    });
    const token = await core.answer(
      { method: 'GET', path: 'token.php', query: { key }, options: requestOptions },
      {
        schema: TokenResponseSchema,
        unwrap: (answer) => answer.token,
        shape: 'string',
        secretsIn: TOKEN_MEMBERS,
      },
      tokenScreen(core.redactor),
    );
    return new AppClient({ ...options, token });
  }

  /**
   * Calls any api.php method. Known methods are typed and validated, and their parameters checked
   * (an unknown key is an `ArgumentError`); others take any parameters, sent as given, and return
   * `output` as sent.
   * `photo.addPhoto` is sent as a multipart POST; everything else as a GET, retried only when the
   * method reads by its name (`get…`, `is…`): any other (`user.updateStatus`, `blog.add`, …) may
   * write, and is sent once.
   */
  call<M extends KnownAppMethod>(
    method: M,
    params?: AppMethodParams[M],
    options?: RequestOptions,
  ): ApiPromise<{
    /** The envelope's `api` member. */
    api: ApiInfo;
    /** The method's output, validated and normalized. */
    output: AppMethodOutput<M>;
  }>;
  call(
    method: `${string}.${string}`,
    params?: Record<string, AppParamValue>,
    options?: RequestOptions,
  ): ApiPromise<{
    /** The envelope's `api` member. */
    api: ApiInfo;
    /** The method's output as sent (not validated: the SDK does not know the method). */
    output: unknown;
  }>;
  call(
    method: string,
    params: object = {},
    options?: RequestOptions,
  ): ApiPromise<{ api: ApiInfo; output: unknown }> {
    return ApiPromise.attempt(() => this.#call(method, params, options));
  }

  #call(
    method: string,
    params: object,
    options?: RequestOptions,
  ): ApiPromise<{ api: ApiInfo; output: unknown }> {
    if (!/^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$/.test(method)) {
      throw new ArgumentError(`method must look like "module.method", got "${method}"`);
    }
    checkAppParams(method, params);
    if (method === 'photo.addPhoto') {
      const { photo, photo_name } = params as AppMethodParams['photo.addPhoto'];
      const upload = photoFile(photo, photo_name);
      return this.#caller.call(method, APP_METHOD_OUTPUTS[method], { photo_name }, options, {
        photo: upload,
      });
    }
    const schema = APP_METHOD_OUTPUTS[method as KnownAppMethod];
    if (schema) return this.#caller.call(method, schema, params as Fields, options);
    return this.#caller.envelope(method, params as Fields, options);
  }
}
