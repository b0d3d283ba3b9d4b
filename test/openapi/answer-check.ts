import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/*
 * Checks an answer against an OpenAPI document with a standard JSON Schema validator (ajv, draft
 * 2020-12, the dialect of OpenAPI 3.1): the operation is found by path and method as a tool would,
 * and the body is validated against that operation's response schema, `$ref`s into the document's
 * components included. Used by the fixture tests and by the by-hand live check.
 */

/** An OpenAPI document, as far as these checks read it. */
export interface Document {
  paths: Record<string, Record<string, Operation>>;
  [member: string]: unknown;
}

interface Operation {
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
  'x-empty-body'?: string | null;
  [member: string]: unknown;
}

/** What became of one answer. */
export type Verdict =
  | { result: 'valid'; operation: string }
  | { result: 'invalid'; operation: string; reason: string }
  | { result: 'undescribed'; reason: string };

/** A checker for the answers of one document. */
export interface AnswerChecker {
  /**
   * Checks one answer. `path` is the operation's path key (`/files`, `/api.php?method=user.getUser`),
   * `method` the HTTP method (a method the path does not declare is "undescribed"), `body` the raw text.
   */
  check(path: string, method: string, status: number, body: string): Verdict;
  /** Checks a JSON body against one schema of the document (`/components/schemas/AnswerUserGetUser`). */
  checkSchema(pointer: string, body: string): Verdict;
}

const JSON_MEDIA = 'application/json';

/** A checker for `document` (compiled once per operation and status). */
export function answerChecker(document: Document, id: string): AnswerChecker {
  // `strict: false`: OpenAPI keeps its own keywords (`x-sdk-normalized`, `description` with `$ref`).
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  ajv.addSchema({ ...document, $id: id });
  const compiled = new Map<string, ValidateFunction>();
  const validator = (pointer: string) => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${id}#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };

  return {
    check(path, method, status, body) {
      const item = document.paths[path];
      if (!item) return { result: 'undescribed', reason: `no path ${path}` };
      const verb = method.toLowerCase();
      const operation = item[verb];
      if (!operation) return { result: 'undescribed', reason: `no ${method} at ${path}` };
      const name = `${verb.toUpperCase()} ${path}`;
      const response = operation.responses[String(status)];
      if (!response)
        return { result: 'invalid', operation: name, reason: `status ${status} is not documented` };
      if (body.trim() === '') {
        if (status !== 200) return { result: 'valid', operation: name };
        return operation['x-empty-body']
          ? { result: 'valid', operation: name }
          : {
              result: 'invalid',
              operation: name,
              reason: 'an empty 200 body, not documented (x-empty-body)',
            };
      }
      const resolved = response.$ref ? resolveRef(document, response.$ref) : response;
      const media = resolved?.content?.[JSON_MEDIA];
      if (!media) return { result: 'valid', operation: name }; // a text answer (401, 500)
      let value: unknown;
      try {
        value = JSON.parse(body.replace(/^\uFEFF/, ''));
      } catch {
        return { result: 'invalid', operation: name, reason: `not JSON: ${body.slice(0, 60)}` };
      }
      const pointer = `/paths/${pointerSegment(path)}/${verb}/responses/${status}/content/${pointerSegment(JSON_MEDIA)}/schema`;
      return verdict(name, validator(pointer), value);
    },
    checkSchema(pointer, body) {
      return verdict(pointer, validator(pointer), JSON.parse(body.replace(/^\uFEFF/, '')));
    },
  };
}

function verdict(operation: string, validate: ValidateFunction, value: unknown): Verdict {
  if (validate(value)) return { result: 'valid', operation };
  return { result: 'invalid', operation, reason: new Ajv2020().errorsText(validate.errors) };
}

/** A JSON Pointer segment, URI-encoded for a `$ref` fragment. */
function pointerSegment(segment: string): string {
  return encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
}

function resolveRef(
  document: Document,
  ref: string,
): { content?: Record<string, { schema: unknown }> } | undefined {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as { content?: Record<string, { schema: unknown }> } | undefined;
}
