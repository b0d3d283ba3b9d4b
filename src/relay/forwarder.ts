import type { RelayCall } from './options.js';
import type { ApiRoute } from './route.js';

/** One API behind the relay: what a request asks of it, checked against its allow-list, then sent. */
export interface Forwarder {
  /** The call the page asks for, or the refusal when the allow-list does not have it. */
  call(url: URL, route: ApiRoute): RelayCall | Response;
  /** Sends an allowed call with the credentials kept on the server; the answer redacted. */
  forward(request: Request, url: URL, call: RelayCall, maxRequestBytes: number): Promise<Response>;
}
