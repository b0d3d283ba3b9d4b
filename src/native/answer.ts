import type * as z from 'zod/mini';
import { EMPTY_BODY, type JsonBody } from '../core/body/body.js';
import type { AnswerSpec, Screen } from '../core/client/answer.js';
import { ApiError, type ApiErrorDetails } from '../core/errors/api-error.js';
import { NotFoundError } from '../core/errors/not-found-error.js';
import type { HttpResponse } from '../core/http/transport.js';
import type { Redactor } from '../core/secrets/redact.js';

/**
 * How one Native endpoint's answer is read. Hubzilla says almost everything with HTTP 200: an empty
 * body (missing parameter, not found, unknown channel), the JSON `false`, or `{success: false, message}`.
 */
export interface HubAnswerSpec<S extends z.ZodMiniType, V = z.output<S>> extends AnswerSpec<S, V> {
  /** What was asked for, named in the `NotFoundError` of an empty or `false` answer: `file "24201231…"`. */
  subject: string;
  /**
   * What `{"success": false}` WITHOUT a message means here. Default: a failure (`ApiError`).
   * `'not-found'`: the subject does not exist (photos of an unknown album).
   * `{ readAs }`: "nothing", read as this body instead (albums of a channel that has none).
   */
  unsuccessful?: 'not-found' | { readAs: unknown };
  /** An empty answer means this failure (an `ApiError` with this message), not "not found". */
  emptyMeans?: string;
  /** `false` when a well-formed answer still means "nothing found" (file/export's `attach: []`). */
  found?: (body: unknown) => boolean;
  /**
   * Throws the typed error of an answer that says success but shows the write incomplete (a media
   * post stored without its file); `details` describes the answer, redacted.
   */
  incomplete?: (body: unknown, details: () => ApiErrorDetails) => ApiError | undefined;
}

/** What the client adds to messages: the `channel` it switches to, a common cause of empty answers. */
export interface AnswerContext {
  channel?: string | undefined;
}

/** Hubzilla's failure dialect for one endpoint, for the core answer pipeline. */
export function hubzillaScreen(
  spec: HubAnswerSpec<z.ZodMiniType, unknown>,
  redactor: Redactor,
  context: AnswerContext = {},
): Screen {
  return (body, response) => screen(redactor, body, response, spec, context);
}

function screen(
  redactor: Redactor,
  body: JsonBody,
  response: HttpResponse,
  spec: HubAnswerSpec<z.ZodMiniType, unknown>,
  context: AnswerContext,
): unknown {
  // Only on failure: it deep-copies the body to redact it, which costs as much as parsing it.
  const details = () => errorDetails(redactor, body, response);
  if (body === EMPTY_BODY && spec.emptyMeans !== undefined) {
    throw new ApiError(`${response.method} ${response.url} failed: ${spec.emptyMeans}`, details());
  }
  if (body === EMPTY_BODY || body === false || spec.found?.(body) === false) {
    const said = body === EMPTY_BODY ? 'an empty body' : body === false ? 'false' : 'nothing';
    const channel = context.channel
      ? ` (Hubzilla also answers so when the channel "${context.channel}" is not one of this account's channels)`
      : '';
    throw new NotFoundError(
      `${spec.subject} was not found: ${response.method} ${response.url} answered ${said}${channel}`,
      details(),
    );
  }
  if (!isUnsuccessful(body)) {
    const failure = spec.incomplete?.(body, details);
    if (failure) throw failure;
    return body;
  }
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  if (message === undefined && spec.unsuccessful === 'not-found') {
    throw new NotFoundError(
      `${spec.subject} was not found: ${response.method} ${response.url} answered success: false`,
      details(),
    );
  }
  if (message === undefined && typeof spec.unsuccessful === 'object') return spec.unsuccessful.readAs;
  const hint = message === 'operation cancelled' ? `. ${CANCELLED_HINT}` : '';
  throw new ApiError(
    `${response.method} ${response.url} failed: ${message ?? 'success: false, no message'}${hint}`,
    {
      ...details(),
      code: message,
    },
  );
}

/** Seen on a live 8.8.7: the default "Suppress Duplicate Posts/Comments" feature answers so. */
const CANCELLED_HINT =
  'Hubzilla cancels a post or comment whose text repeats one the channel sent in the last 2 minutes (its "Suppress Duplicate Posts/Comments" setting), or an addon refused it';

function isUnsuccessful(body: unknown): body is { success: unknown; message?: unknown } {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    'success' in body &&
    (body.success === false || body.success === 0 || body.success === '0')
  );
}

function errorDetails(redactor: Redactor, body: JsonBody, response: HttpResponse) {
  return {
    status: response.status,
    body: body === EMPTY_BODY ? '' : redactor.value(body),
    url: response.url,
    method: response.method,
  };
}
