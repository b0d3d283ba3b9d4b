import type { ClientCore } from '../core/client-core.js';
import type { Fields } from '../core/query.js';
import type { Redactor } from '../core/redact.js';
import type { HttpRequest } from '../core/transport.js';
import { hubAllows } from './allow-list.js';
import type { Forwarder } from './forwarder.js';
import type { RelayCall } from './options.js';
import { fieldsOf, formWithout, readForm, readLimitedBody } from './read-request.js';
import { relayAnswer } from './relay-answer.js';
import { relayError } from './relay-error.js';
import type { ApiRoute } from './route.js';

/** Where the Native API hangs below the hub's root. */
const API_PATH = 'api/z/1.0/';
/** The relay decides the channel; the page cannot switch to another of the account's channels. */
const RELAY_SETS = ['channel'];
/** How an endpoint is named (`files`, `item/update`); anything else is refused without being quoted. */
const ENDPOINT_NAME = /^[a-z0-9_]+(?:\/[a-z0-9_]+)*$/;

/** The Native API side of a relay: one hub, credentials on the server, an allow-list of endpoints and methods. */
export class HubForwarder implements Forwarder {
  readonly #core: ClientCore;
  readonly #redactors: readonly Redactor[];
  readonly #allow: Readonly<Record<string, readonly string[]>>;
  readonly #channel: string | undefined;

  constructor(
    core: ClientCore,
    redactors: readonly Redactor[],
    allow: Readonly<Record<string, readonly string[]>>,
    channel: string | undefined,
  ) {
    this.#core = core;
    this.#redactors = redactors;
    this.#allow = allow;
    this.#channel = channel;
  }

  /** The call the page asks for, or the refusal when the allow-list does not have it. */
  call(_url: URL, route: ApiRoute): RelayCall | Response {
    const { httpMethod } = route;
    const endpoint = route.api === 'hub' ? route.endpoint : '';
    if (!ENDPOINT_NAME.test(endpoint)) {
      return relayError(403, 'relay.forbidden', 'The relay forwards api/z/1.0/<endpoint> calls only');
    }
    if (!hubAllows(this.#allow, endpoint, httpMethod)) {
      return relayError(
        403,
        'relay.forbidden',
        `${httpMethod} ${endpoint} is not in the relay's allow-list (hub.allow)`,
      );
    }
    return { api: 'hub', endpoint, httpMethod };
  }

  /** Sends the call to the hub with the relay's credentials; the answer redacted. */
  async forward(request: Request, url: URL, call: RelayCall, maxRequestBytes: number): Promise<Response> {
    if (call.api !== 'hub') throw new TypeError('not a Native API call');
    const channel: Fields = this.#channel === undefined ? {} : { channel: this.#channel };
    const path = API_PATH + call.endpoint;
    const options = { signal: request.signal };
    let send: HttpRequest;
    if (call.httpMethod === 'GET') {
      send = {
        method: 'GET' as const,
        path,
        query: { ...fieldsOf(url.searchParams, RELAY_SETS), ...channel },
        options,
      };
    } else {
      const form = formWithout(
        await readForm(request, await readLimitedBody(request, maxRequestBytes)),
        RELAY_SETS,
      );
      if (this.#channel !== undefined) form.append('channel', this.#channel);
      send = { method: 'POST' as const, path, body: form, options };
    }
    const response = await this.#core.transport.send(send);
    return relayAnswer(response, this.#redactors);
  }
}
