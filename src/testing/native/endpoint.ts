import type { Params } from '../http/params.js';
import type { Runtime } from '../runtime.js';
import type { HubChannel } from './hub-state.js';

/** What an api/z/1.0 endpoint gets: the site, the request, its merged parameters and the channel. */
export interface HubCall {
  runtime: Runtime;
  request: Request;
  /** The HTTP method, upper case. */
  method: string;
  params: Params;
  channel: HubChannel;
  /** The site URL for links, without trailing slash. */
  site: string;
}

export type Endpoint = (call: HubCall) => Response | Promise<Response>;
