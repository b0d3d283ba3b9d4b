import type { ClientCore } from '../core/client-core.js';
import { Redactor } from '../core/redact.js';
import type { Forwarder } from './forwarder.js';
import type { RelayAppOptions, RelayCall } from './options.js';
import { fieldsOf, formWithout, readForm, readLimitedBody } from './read-request.js';
import { relayAnswer } from './relay-answer.js';
import { relayError } from './relay-error.js';
import type { ApiRoute } from './route.js';

/** What the page may not set: the relay adds the token and keeps the method it checked. */
const RELAY_SETS = ['token', 'method'];
/** How a method is named; anything else is refused without being quoted back. */
const METHOD_NAME = /^[A-Za-z0-9_]+\.[A-Za-z0-9_]+$/;

/** The Application API side of a relay: one phpFox site, an allow-list of methods, the token from the server. */
export class AppForwarder implements Forwarder {
  readonly #core: ClientCore;
  readonly #redactors: readonly Redactor[];
  readonly #allow: ReadonlySet<string>;
  readonly #token: RelayAppOptions['token'];

  constructor(
    core: ClientCore,
    redactors: readonly Redactor[],
    allow: readonly string[],
    token: RelayAppOptions['token'],
  ) {
    this.#core = core;
    this.#redactors = redactors;
    this.#allow = new Set(allow);
    this.#token = token;
  }

  /** The call the page asks for, or the refusal when the allow-list does not have it. */
  call(url: URL, { httpMethod }: ApiRoute): RelayCall | Response {
    const method = url.searchParams.get('method') ?? '';
    if (!METHOD_NAME.test(method)) {
      return relayError(403, 'relay.forbidden', 'The relay forwards api.php calls of a "module.method" only');
    }
    if (!this.#allow.has(method)) {
      return relayError(403, 'relay.forbidden', `${method} is not in the relay's allow-list (app.allow)`);
    }
    return { api: 'app', method, httpMethod };
  }

  /** Sends the call to `api.php` with the token read on the server; the answer redacted. */
  async forward(request: Request, url: URL, call: RelayCall, maxRequestBytes: number): Promise<Response> {
    if (call.api !== 'app') throw new TypeError('not an Application API call');
    const token = typeof this.#token === 'function' ? await this.#token(request) : this.#token;
    if (typeof token !== 'string' || token === '') {
      return relayError(401, 'relay.unauthenticated', 'No Application API token for this session');
    }
    // `token` and `method` come last, so no field of the page's can replace them.
    const query = { ...fieldsOf(url.searchParams, RELAY_SETS), token, method: call.method };
    const body =
      call.httpMethod === 'POST'
        ? formWithout(await readForm(request, await readLimitedBody(request, maxRequestBytes)), RELAY_SETS)
        : undefined;
    // A POST (an upload) carries its fields in the body; `token` and `method` stay in the query, as the SDK sends them.
    const response = await this.#core.transport.send({
      method: call.httpMethod,
      path: 'api.php',
      query,
      ...(body ? { body } : {}),
      options: { signal: request.signal },
    });
    // A fixed token is known to the core's redactor already; a session's is scrubbed with its own.
    const own = typeof this.#token === 'function' ? [new Redactor([token])] : [];
    return relayAnswer(response, [...this.#redactors, ...own]);
  }
}
