import { appRequest } from '../app/app-request.js';
import type { ClientCore } from '../core/client/client-core.js';
import type { ServerLimits } from '../core/request/php-limits.js';
import { sdkFieldsFirst } from '../core/request/sdk-fields.js';
import { Redactor } from '../core/secrets/redact.js';
import { APP_CALLS, appParts, isAppCall } from './app-calls.js';
import type { Forwarder } from './forwarder.js';
import type { RelayAppOptions, RelayCall } from './options.js';
import { readPageFields } from './read-request.js';
import { sdkFields } from './rebuild.js';
import { relayAnswer } from './relay-answer.js';
import { relayError } from './relay-error.js';
import type { ApiRoute } from './route.js';
import type { SdkCall } from './sdk-call.js';
import { refusePageBreach, refuseUpstreamBreach } from './server-limits.js';

/** How a method is named; anything else is refused without being quoted back. */
const METHOD_NAME = /^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$/;

/** The Application API side of a relay: one phpFox site, an allow-list of methods, the token from the server. */
export class AppForwarder implements Forwarder {
  readonly #core: ClientCore;
  readonly #redactors: readonly Redactor[];
  /** The allowed methods, each with the call the SDK makes. */
  readonly #calls: ReadonlyMap<string, SdkCall>;
  readonly #token: RelayAppOptions['token'];
  readonly #limits: Required<ServerLimits>;

  constructor(
    core: ClientCore,
    redactors: readonly Redactor[],
    allow: readonly string[],
    token: RelayAppOptions['token'],
    limits: Required<ServerLimits>,
  ) {
    this.#core = core;
    this.#redactors = redactors;
    this.#calls = new Map(allow.filter(isAppCall).map((method) => [method, APP_CALLS[method]]));
    this.#token = token;
    this.#limits = limits;
  }

  /**
   * The call the page asks for, or the refusal: one `method` in the query, allow-listed, with the
   * HTTP method the SDK calls it with (a read is GET only, an upload POST only).
   */
  call(url: URL, { httpMethod }: ApiRoute): RelayCall | Response {
    const named = url.searchParams.getAll('method');
    const method = named.length === 1 ? (named[0] as string) : '';
    if (!METHOD_NAME.test(method)) {
      return relayError(
        403,
        'relay.forbidden',
        'The relay forwards api.php calls of one "module.method" in the query only',
      );
    }
    const sdk = this.#calls.get(method);
    if (sdk === undefined) {
      return relayError(403, 'relay.forbidden', `${method} is not in the relay's allow-list (app.allow)`);
    }
    if (sdk.httpMethod !== httpMethod) {
      return relayError(405, 'relay.method_not_allowed', `${method} is called with ${sdk.httpMethod} only`);
    }
    return { api: 'app', method, httpMethod };
  }

  /**
   * Sends the call as a server-side `AppClient` would: rebuilt from the fields the SDK sends for
   * the method (anything else refused), the token read on the server; the answer redacted.
   */
  async forward(request: Request, url: URL, call: RelayCall, maxRequestBytes: number): Promise<Response> {
    if (call.api !== 'app') throw new TypeError('not an Application API call');
    const sdk = this.#calls.get(call.method);
    if (sdk === undefined) throw new TypeError('not a method the relay forwards');
    const token = typeof this.#token === 'function' ? await this.#token(request) : this.#token;
    if (typeof token !== 'string' || token === '') {
      return relayError(401, 'relay.unauthenticated', 'No Application API token for this session');
    }
    const page = await readPageFields(request, url, maxRequestBytes, this.#limits);
    // The page's one `method` counts for the relay's own; `token` is the relay's addition.
    refusePageBreach(page, { query: ['token'], body: [] }, this.#limits);
    // The one `method` in the query is the call itself (checked by `call`); every other field is the SDK's or refused.
    const fields = page.filter((field) => !(field.where === 'query' && field.name === 'method'));
    const typed = sdkFields(sdk, fields, call.method);
    const parts = appParts(typed);
    const built = appRequest(call.method, parts.fields, token, { signal: request.signal }, parts.files);
    // `token` and `method` go first, where PHP's cut of the last fields cannot reach them.
    const sent = { ...built, query: sdkFieldsFirst({ token, method: call.method }, built.query ?? {}) };
    refuseUpstreamBreach(sent, this.#limits);
    const response = await this.#core.transport.send(sent);
    // A fixed token is known to the core's redactor already; a session's is scrubbed with its own.
    const own = typeof this.#token === 'function' ? [new Redactor([token])] : [];
    return await relayAnswer(response, [...this.#redactors, ...own]);
  }
}
