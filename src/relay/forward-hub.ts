import type { ClientCore } from '../core/client/client-core.js';
import type { ServerLimits } from '../core/request/php-limits.js';
import type { Fields } from '../core/request/query.js';
import { sdkFieldsFirst } from '../core/request/sdk-fields.js';
import type { Redactor } from '../core/secrets/redact.js';
import { nativeRequest } from '../native/native-request.js';
import type { Forwarder } from './forwarder.js';
import { hubCall } from './hub-calls.js';
import type { RelayCall } from './options.js';
import { readPageFields } from './read-request.js';
import { sdkFields } from './rebuild.js';
import { relayAnswer } from './relay-answer.js';
import { relayError } from './relay-error.js';
import type { ApiRoute } from './route.js';
import type { SdkCall } from './sdk-call.js';
import { refusePageBreach, refuseUpstreamBreach } from './server-limits.js';

/** How an endpoint is named (`files`, `item/update`); anything else is refused without being quoted. */
const ENDPOINT_NAME = /^[a-z0-9_]+(?:\/[a-z0-9_]+)*$/;

/** The Native API side of a relay: one hub, credentials on the server, an allow-list of endpoints and methods. */
export class HubForwarder implements Forwarder {
  readonly #core: ClientCore;
  readonly #redactors: readonly Redactor[];
  /** The allowed endpoints, each with the call the SDK makes (allowed with the SDK's HTTP method). */
  readonly #calls: ReadonlyMap<string, SdkCall>;
  readonly #channel: string | undefined;
  readonly #limits: Required<ServerLimits>;

  constructor(
    core: ClientCore,
    redactors: readonly Redactor[],
    allow: Readonly<Record<string, readonly string[]>>,
    channel: string | undefined,
    limits: Required<ServerLimits>,
  ) {
    this.#core = core;
    this.#redactors = redactors;
    this.#calls = new Map(
      Object.entries(allow).flatMap(([endpoint, methods]) => {
        const sdk = hubCall(endpoint);
        return sdk !== undefined && methods.includes(sdk.httpMethod) ? [[endpoint, sdk] as const] : [];
      }),
    );
    this.#channel = channel;
    this.#limits = limits;
  }

  /** The call the page asks for, or the refusal when the allow-list (or the SDK) does not have it. */
  call(_url: URL, route: ApiRoute): RelayCall | Response {
    if (route.api !== 'hub' || !ENDPOINT_NAME.test(route.endpoint)) {
      return relayError(403, 'relay.forbidden', 'The relay forwards api/z/1.0/<endpoint> calls only');
    }
    const { endpoint, httpMethod } = route;
    if (this.#calls.get(endpoint)?.httpMethod !== httpMethod) {
      return relayError(
        403,
        'relay.forbidden',
        `${httpMethod} ${endpoint} is not in the relay's allow-list (hub.allow)`,
      );
    }
    return { api: 'hub', endpoint, httpMethod };
  }

  /**
   * Sends the call as a server-side `NativeClient` would: rebuilt from the fields the SDK sends to
   * the endpoint (anything else refused, the page's `channel` included), with the relay's channel
   * and credentials; the answer redacted.
   */
  async forward(request: Request, url: URL, call: RelayCall, maxRequestBytes: number): Promise<Response> {
    if (call.api !== 'hub') throw new TypeError('not a Native API call');
    const sdk = this.#calls.get(call.endpoint);
    if (sdk === undefined) throw new TypeError('not an endpoint the relay forwards');
    const page = await readPageFields(request, url, maxRequestBytes, this.#limits);
    const own: Fields = this.#channel === undefined ? {} : { channel: this.#channel };
    const ownNames = Object.keys(own);
    const where = call.httpMethod === 'GET' ? { query: ownNames, body: [] } : { query: [], body: ownNames };
    refusePageBreach(page, where, this.#limits);
    const { media, ...fields } = sdkFields(sdk, page, call.endpoint);
    // The channel goes first (`sdkFieldsFirst`), where PHP's cut of the last fields cannot reach it.
    const built = nativeRequest(
      call.httpMethod,
      call.endpoint,
      sdkFieldsFirst(own, fields as Fields),
      undefined,
      // No media: `formBody` sends no file part for an `undefined` one (urlencoded, then).
      { media: media as File | undefined },
    );
    refuseUpstreamBreach(built, this.#limits);
    const response = await this.#core.transport.send({ ...built, options: { signal: request.signal } });
    return await relayAnswer(response, this.#redactors);
  }
}
