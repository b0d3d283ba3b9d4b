import type * as z from 'zod/mini';
import { EMPTY_BODY, type JsonBody, parseJsonBody } from '../body/body.js';
import type { BodyCollector } from '../body/body-collector.js';
import { ValidationError } from '../errors/validation-error.js';
import { errorForStatus, type FailureHints } from '../http/http-errors.js';
import type { HttpResponse } from '../http/transport.js';
import type { Redactor } from '../secrets/redact.js';
import { type ValidationContext, validate } from '../validation/validate.js';

/**
 * What an endpoint declares about its answer; the pipeline in `readAnswer` does the rest.
 * `S` is the schema of the part that is validated, `V` the value the method resolves with.
 */
export interface AnswerSpec<S extends z.ZodMiniType, V = z.output<S>> {
  /** The schema of the validated part. */
  schema: S;
  /** The part of the screened answer to validate (phpFox: the envelope's `output`). Default: all of it. */
  pick?: (screened: unknown) => unknown;
  /**
   * The value from the validated part (and the screened answer): which member is the value, and
   * how to decode it (base64 chunks). Runs in every validation mode, inside the error boundary.
   */
  unwrap?: (validated: z.output<S>, screened: unknown, lifted?: Uint8Array) => V;
  /**
   * The kind of value the method promises, checked after `unwrap` in EVERY validation mode: in `warn`
   * and `off` a `null` or `{}` where a list belongs becomes a `ValidationError`, never a `TypeError`
   * later nor a value of the wrong kind.
   */
  shape?: ValueShape | undefined;
  /** A known cause of this endpoint's HTTP 500s, added to the error's message. */
  serverErrorHint?: string | undefined;
  /**
   * Reads a 2xx body as it arrives and takes a large member out of it (`filedata`'s base64
   * `content`, decoded on the way); what it took reaches `unwrap` as `lifted`. Default: the whole
   * body, parsed.
   */
  collect?: () => BodyCollector;
  /**
   * Secrets the answer itself carries (a token endpoint's new token), found in its raw text: added
   * to the client's redactor before anything else reads the answer, so no error about this answer
   * (its `rawBody`, a schema message, a hook event) can show them.
   */
  secretsIn?: (text: string) => readonly string[];
}

/** The kinds of value a method can promise. */
export type ValueShape = 'array' | 'object' | 'string' | 'number' | 'boolean';

/**
 * A server's failure dialect: it sees the parsed body (or `EMPTY_BODY`) and throws the typed error
 * for the server's ways of saying "no" in an HTTP 200 (phpFox's `error_id`, Hubzilla's empty body,
 * `false` or `{success: false}`), or returns the body to validate.
 */
export type Screen = (body: JsonBody, response: HttpResponse) => unknown;

/** What the pipeline needs of a client. */
export interface AnswerContext {
  redactor: Redactor;
  validation: ValidationContext;
  hints: FailureHints;
}

/** read → parse → screen → validate → unwrap → check the kind of value. Throws typed errors only by design. */
export function readAnswer<S extends z.ZodMiniType, V>(
  context: AnswerContext,
  response: HttpResponse,
  spec: AnswerSpec<S, V>,
  screen: Screen,
): V {
  const { redactor } = context;
  if (spec.secretsIn) redactor.add(...spec.secretsIn(response.text));
  if (response.status < 200 || response.status >= 300) {
    throw errorForStatus(response, errorBody(response, redactor), redactor, {
      ...context.hints,
      serverError: spec.serverErrorHint,
    });
  }
  const screened = screen(parseJsonBody(response.text, redactor, response.url), response);
  const picked = spec.pick ? spec.pick(screened) : screened;
  const validated = validate(spec.schema, picked, context.validation, response);
  let value = spec.unwrap ? spec.unwrap(validated, screened, response.lifted) : (validated as V);
  if (spec.shape !== undefined && !hasShape(value, spec.shape) && SCALARS.has(spec.shape)) {
    // `warn`/`off` return what the server sent, but a count or a flag as phpFox sends it ("3", 1) is
    // not of the kind the method promises: normalize it as `strict` would, when the schema can.
    const normalized = spec.schema.safeParse(picked);
    if (normalized.success)
      value = spec.unwrap ? spec.unwrap(normalized.data, screened) : (normalized.data as V);
  }
  if (spec.shape !== undefined && !hasShape(value, spec.shape)) {
    throw new ValidationError(
      `The answer of ${response.method} ${response.url} is not ${article(spec.shape)}: got ${kindOf(value)}`,
      { rawBody: redactor.text(response.text), url: response.url },
    );
  }
  return value;
}

function errorBody(response: HttpResponse, redactor: Redactor): unknown {
  try {
    const body = parseJsonBody(response.text, redactor);
    return body === EMPTY_BODY ? '' : body;
  } catch {
    return redactor.text(response.text);
  }
}

const SCALARS: ReadonlySet<ValueShape> = new Set(['number', 'boolean', 'string']);

function hasShape(value: unknown, shape: ValueShape): boolean {
  if (shape === 'array') return Array.isArray(value);
  if (shape === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === shape;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function article(shape: string): string {
  return shape === 'array' || shape === 'object' ? `an ${shape}` : `a ${shape}`;
}
