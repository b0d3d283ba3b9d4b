import type { RelayCall, RelayOptions } from './options.js';
import { relayError } from './relay-error.js';

/**
 * Asks `authorize` about a call, within `ms`: a refusal (403), a failure (500) or no answer in time
 * (503, nothing sent upstream) is the relay's answer; `undefined` lets the call pass.
 *
 * `authorize` gets a frozen copy of the call: the relay forwards its own, so what is sent is what
 * was checked. An `authorize` that assigns to it throws in strict code (ES modules, classes: a 500)
 * and changes nothing in sloppy code.
 */
export async function authorizeCall(
  authorize: RelayOptions['authorize'],
  request: Request,
  call: RelayCall,
  ms: number,
): Promise<Response | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  let verdict: boolean | 'late';
  try {
    const asked = Promise.resolve().then(() => authorize(request, Object.freeze({ ...call })));
    verdict = await Promise.race([asked, late]);
  } catch {
    return relayError(500, 'relay.internal_error', 'authorize failed');
  } finally {
    clearTimeout(timer);
  }
  if (verdict === 'late') {
    return relayError(
      503,
      'relay.authorize_timeout',
      `authorize did not answer within ${ms} ms (authorizeTimeout)`,
    );
  }
  if (verdict !== true)
    return relayError(403, 'relay.forbidden', 'This session may not make this call (authorize)');
  return undefined;
}
