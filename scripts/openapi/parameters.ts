import type { MemberDoc } from './source-docs.js';
import type { JsonSchema } from './wire.js';

/*
 * A method's parameters on the wire, from the SDK's parameter types (their members, types and
 * JSDoc): `src/core/request/query.ts` sends booleans as 1/0, a `Date` as UTC `YYYY-MM-DD HH:MM:SS`, lists as
 * repeated `name[]` fields, files as multipart parts. A parameter type the mapping does not know
 * stops the build: it has to be said here how it goes on the wire.
 */

/** One wire parameter: its name as sent, its schema, whether it is a file part. */
export interface WireParameter {
  name: string;
  required: boolean;
  description: string;
  schema: JsonSchema;
  /** A file: only in a multipart body. */
  file?: boolean;
  /** A list: repeated `name[]` fields. */
  list?: boolean;
}

const DATE_NOTE =
  'A date-time, best as UTC `YYYY-MM-DD HH:MM:SS` (how the SDK sends a `Date`); the SDK passes a string on as given, for the hub to read.';

/** The wire form of one member of an SDK parameter type. */
export function wireParameter(member: MemberDoc): WireParameter {
  const base = { name: member.name, required: !member.optional, description: member.doc };
  switch (member.type) {
    case 'number':
      return { ...base, schema: { type: 'integer' } };
    case 'string':
    case 'FileRef':
      return { ...base, schema: { type: 'string' } };
    case 'boolean':
      return {
        ...base,
        schema: { type: 'integer', enum: [0, 1] },
        description: note(member.doc, 'Sent as 1 or 0.'),
      };
    case 'string | Date':
      return { ...base, schema: { type: 'string' }, description: note(member.doc, DATE_NOTE) };
    case 'AclList':
      return {
        ...base,
        name: `${member.name}[]`,
        list: true,
        schema: { type: 'array', items: { type: 'string' } },
        description: note(member.doc, 'Repeated `name[]` fields; an empty list is sent as one empty field.'),
      };
    case 'string | readonly string[]':
      return {
        ...base,
        schema: { type: 'string' },
        description: note(member.doc, 'Sent as one comma-separated field.'),
      };
    case 'UploadBody':
    case 'MediaUpload':
      return {
        ...base,
        file: true,
        schema: { type: 'string', contentMediaType: 'application/octet-stream' },
      };
    default:
      throw new Error(
        `openapi: no wire form for the parameter ${member.name}: ${member.type} (scripts/openapi/parameters.ts)`,
      );
  }
}

/**
 * The first sentence of a doc, on one line, without the leading "`path`:" of the Native methods'
 * docs (the path is beside it): an operation's summary.
 */
export function summaryOf(doc: string, fallback: string): string {
  const text = doc
    .replace(/\s+/g, ' ')
    .replace(/^`[^`]+`(?: \([A-Z]+\))?: /, '')
    .trim();
  // A period ends the sentence unless it is one of "e.g." / "i.e.".
  const end = text.search(/(?<!\b(?:e\.g|i\.e))[.!?](\s|$)/);
  const sentence = end === -1 ? text : text.slice(0, end);
  return sentence ? sentence.charAt(0).toUpperCase() + sentence.slice(1) : fallback;
}

/** `text`, then `addition` as its own paragraph. */
function note(text: string, addition: string): string {
  return text ? `${text}\n\n${addition}` : addition;
}

/**
 * An operation's `parameters` and, when they go in the body, its `requestBody`: `leading` (the
 * parameters every call has), then the wire parameters in the query, or as a form body.
 */
export function operationInput(
  leading: readonly JsonSchema[],
  parameters: readonly WireParameter[],
  inBody: boolean,
): JsonSchema {
  if (inBody) return { parameters: [...leading], requestBody: formBody(parameters) };
  return { parameters: [...leading, ...queryParameters(parameters)] };
}

/** OpenAPI parameter objects (`in: query`) of wire parameters. */
function queryParameters(parameters: readonly WireParameter[]): JsonSchema[] {
  return parameters.map((parameter) => ({
    name: parameter.name,
    in: 'query',
    required: parameter.required,
    ...(parameter.description ? { description: parameter.description } : {}),
    ...(parameter.list ? { style: 'form', explode: true } : {}),
    schema: parameter.schema,
  }));
}

/**
 * A required form body of wire parameters: urlencoded, and multipart when a parameter is a file
 * (only multipart when the file is required).
 */
function formBody(parameters: readonly WireParameter[]): JsonSchema {
  const files = parameters.filter((parameter) => parameter.file);
  const multipart = {
    schema: objectOf(parameters),
    encoding: Object.fromEntries(
      files.map(({ name }) => [name, { contentType: 'application/octet-stream' }]),
    ),
  };
  const urlencoded = { schema: objectOf(parameters.filter((parameter) => !parameter.file)) };
  const content = {
    ...(files.some((file) => file.required) ? {} : { 'application/x-www-form-urlencoded': urlencoded }),
    ...(files.length > 0 ? { 'multipart/form-data': multipart } : {}),
  };
  return { required: true, content };
}

function objectOf(parameters: readonly WireParameter[]): JsonSchema {
  const properties = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name,
      parameter.description ? { description: parameter.description, ...parameter.schema } : parameter.schema,
    ]),
  );
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
