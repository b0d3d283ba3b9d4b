import * as z from 'zod/mini';
import { EMPTY_BODY, type JsonBody } from '../core/body.js';
import type { ClientCore } from '../core/client-core.js';
import { ValidationError } from '../core/errors/validation-error.js';
import type { HttpResponse } from '../core/transport.js';
import { type ApiInfo, ApiInfoSchema } from '../schemas/index.js';
import { errorFromOutput, phpfoxError } from './app-errors.js';

const EnvelopeSchema = z.looseObject({ api: ApiInfoSchema, output: z.unknown() });

/** The two members of every api.php answer. */
export interface Envelope {
  api: ApiInfo;
  output: unknown;
}

/**
 * Checks an api.php answer: an empty body (a module without API service), either phpFox error
 * style, or a missing envelope become typed errors; otherwise the envelope comes back with
 * `output` still raw, for the method's own schema.
 */
export function openEnvelope(core: ClientCore, body: JsonBody, response: HttpResponse): Envelope {
  return core.guard(response, () => {
    if (body === EMPTY_BODY) {
      throw new ValidationError(`${response.method} ${response.url} answered with an empty body`, {
        url: response.url,
      });
    }
    const output = (body as { output?: unknown } | null)?.output;
    const failure = phpfoxError(output);
    if (failure) throw errorFromOutput(failure, core.redactor.value(body), response);
    const envelope = core.parse(EnvelopeSchema, body, response) as Envelope;
    // In `off` mode nothing is normalized, but paging still needs a number.
    return { api: envelope.api ?? { total: 0, current_page: null }, output: envelope.output };
  });
}
