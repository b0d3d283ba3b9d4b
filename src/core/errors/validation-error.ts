import { SdkError } from './sdk-error.js';

/** One problem found while checking a response against its schema. */
export interface ValidationIssue {
  /** Where in the response, e.g. `['output', 0, 'user_id']`. */
  path: PropertyKey[];
  /** What is wrong there, readable (secrets removed). */
  message: string;
  /** zod's issue code (`invalid_type`, `custom`, …). */
  code?: string;
}

/** The response is not what the documents say: not JSON, or (in `strict` mode) the schema failed. */
export class ValidationError extends SdkError {
  override name = 'ValidationError';
  /** The schema issues; empty when the body was not JSON at all. */
  readonly issues: ValidationIssue[];
  /** The raw response text (secrets removed), for debugging. */
  readonly rawBody: string;
  /** The request URL, redacted. */
  readonly url: string | undefined;

  constructor(
    message: string,
    details: { issues?: ValidationIssue[]; rawBody?: string; url?: string | undefined },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.issues = details.issues ?? [];
    this.rawBody = details.rawBody ?? '';
    this.url = details.url;
  }
}
