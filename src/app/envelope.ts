import * as z from 'zod/mini';
import { EMPTY_BODY } from '../core/body/body.js';
import type { Screen } from '../core/client/answer.js';
import { AuthenticationError } from '../core/errors/authentication-error.js';
import { ValidationError } from '../core/errors/validation-error.js';
import type { Redactor } from '../core/secrets/redact.js';
import type { ValidationContext } from '../core/validation/validate.js';
import { validate } from '../core/validation/validate.js';
import { type ApiInfo, ApiInfoSchema } from '../schemas/index.js';
import { errorFromOutput, phpfoxError, unknownMethodHint } from './app-errors.js';

const EnvelopeSchema = z.looseObject({ api: ApiInfoSchema, output: z.unknown() });

/** The two members of every api.php answer. */
export interface Envelope {
  api: ApiInfo;
  output: unknown;
}

/**
 * phpFox's failure dialect for api.php: an empty body (a module without API service), either phpFox
 * error style, or a missing envelope become typed errors; otherwise the envelope comes back with
 * `api` normalized and `output` still raw, for the method's own schema.
 */
export function phpfoxScreen(redactor: Redactor, validation: ValidationContext): Screen {
  return (body, response): Envelope => {
    if (body === EMPTY_BODY) {
      throw new ValidationError(
        `${response.method} ${response.url} answered with an empty body. ${unknownMethodHint(response.url)}`,
        {
          url: response.url,
        },
      );
    }
    const output = (body as { output?: unknown } | null)?.output;
    const failure = phpfoxError(output);
    if (failure) throw errorFromOutput(failure, redactor.value(body), response);
    const envelope = validate(EnvelopeSchema, body, validation, response) as Partial<Envelope> | null;
    if (envelope === null || typeof envelope !== 'object' || Array.isArray(envelope)) {
      throw new ValidationError(
        `${response.method} ${response.url} answered without an {api, output} envelope`,
        {
          rawBody: redactor.text(response.text),
          url: response.url,
        },
      );
    }
    // In `off` mode nothing is normalized, but paging still needs a number.
    return { api: envelope.api ?? { total: 0, current_page: null }, output: envelope.output };
  };
}

/** token.php's dialect: a bare `{token}`, or the api.php error envelope; a rejected key or no token → `AuthenticationError`. */
export function tokenScreen(redactor: Redactor): Screen {
  return (body, response) => {
    const failure = phpfoxError((body as { output?: unknown } | null)?.output);
    if (failure) throw errorFromOutput(failure, redactor.value(body), response, true);
    if (body === EMPTY_BODY || (body as { token?: unknown } | null)?.token === '') {
      throw new AuthenticationError(`${response.method} ${response.url} returned no token`, {
        status: response.status,
        body: '',
        url: response.url,
        method: response.method,
      });
    }
    return body;
  };
}
