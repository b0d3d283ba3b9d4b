import type { Params } from '../http/params.js';
import type { Runtime } from '../runtime.js';
import type { MethodResult } from './answer.js';

/** What a method gets: the site, the token's user and the request parameters. */
export interface MethodCall {
  runtime: Runtime;
  userId: number;
  params: Params;
}

export type Method = (call: MethodCall) => MethodResult | Promise<MethodResult>;

/** The `user_id` parameter, or the token's user when it is missing (or 0). */
export function targetUser(call: MethodCall): number {
  const id = call.params.int('user_id');
  return id > 0 ? id : call.userId;
}
