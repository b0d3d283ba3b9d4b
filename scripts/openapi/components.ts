import * as z from 'zod/mini';
import { SDK_VERSION } from '../../src/core/request/user-agent.js';
import type { SourceDocs } from './source-docs.js';
import { type JsonSchema, PIPE_ALTERNATIVES, TRANSFORM_WIRE } from './wire.js';

/** A schema the document names (`#/components/schemas/<id>`), and where its prose is declared. */
export interface NamedSchema {
  id: string;
  schema: z.core.$ZodType;
  /** The declaration whose JSDoc describes it: a record interface (its fields' docs too) or a const. */
  docs?: { file: string; name: string; fields?: boolean };
}

/** Where the SDK's records and their interfaces are declared. */
export const SCHEMAS = 'src/schemas/index.ts';

/** A record of `src/schemas`, named after its SDK type (whose JSDoc describes it and its fields). */
export const record = (id: string, schema: z.core.$ZodType): NamedSchema => ({
  id,
  schema,
  docs: { file: SCHEMAS, name: id, fields: true },
});

/** The members every document starts with: the version, `info` and the one server (`{site}` a variable). */
export function documentHead(
  title: string,
  summary: string,
  description: string,
  server: { url: string; description: string; site: string },
): JsonSchema {
  return {
    openapi: '3.1.0',
    info: { title, version: SDK_VERSION, summary, description, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [
      { url: server.url, description: server.description, variables: { site: { default: server.site } } },
    ],
  };
}

/** `#/components/schemas/<id>`. */
export const ref = (id: string): JsonSchema => ({ $ref: `#/components/schemas/${id}` });

/**
 * The wire schemas (`io: 'input'`: what the server sends, before the SDK's normalizers) of the named
 * schemas, as OpenAPI components. Records shared by several answers become `$ref`s because they are
 * named too. Field descriptions are the JSDoc of the record interfaces (`User`, `Xchan`, …).
 */
export function wireComponents(named: readonly NamedSchema[], docs: SourceDocs): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const { id, schema } of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    override: wireOverride,
  }) as { schemas: Record<string, JsonSchema> };
  const components: Record<string, JsonSchema> = {};
  for (const { id, schema, docs: from } of named) {
    const { $schema: _schema, $id: _id, ...generated } = schemas[id] ?? {};
    const alternative = PIPE_ALTERNATIVES.get(schema);
    let component: JsonSchema = alternative ? { anyOf: [generated, alternative] } : generated;
    if (from) component = { description: docs.declaration(from.file, from.name), ...component };
    if (from?.fields) describeFields(alternative ? generated : component, docs.members(from.file, from.name));
    components[id] = component;
  }
  return components;
}

/**
 * Fills in what `toJSONSchema` cannot say: the wire values of each normalizer, and `required` as
 * the SDK reads it (zod reads a transform's key as optional, but a normalizer refuses a missing
 * value unless its entry says otherwise).
 */
function wireOverride(ctx: {
  zodSchema: z.core.$ZodType;
  jsonSchema: JsonSchema;
  path: (string | number)[];
}) {
  const def = ctx.zodSchema._zod.def;
  if (def.type === 'transform') {
    const wire = TRANSFORM_WIRE.get(ctx.zodSchema);
    if (!wire) {
      throw new Error(
        `openapi: a transform at ${ctx.path.join('.') || 'the top'} has no wire schema: name it in scripts/openapi/wire.ts`,
      );
    }
    Object.assign(ctx.jsonSchema, wire.schema);
    return;
  }
  const transformsFirst = def.type === 'pipe' && (def as z.core.$ZodPipeDef).in._zod.def.type === 'transform';
  if (transformsFirst && !PIPE_ALTERNATIVES.has(ctx.zodSchema)) {
    throw new Error(
      `openapi: a pipe at ${ctx.path.join('.')} has no wire alternative in scripts/openapi/wire.ts`,
    );
  }
  if (def.type === 'object') {
    const shape = (def as z.core.$ZodObjectDef).shape;
    const required = Object.keys(shape).filter((key) => !mayBeMissing(shape[key] as z.core.$ZodType));
    if (required.length > 0) ctx.jsonSchema.required = required;
    else delete ctx.jsonSchema.required;
  }
}

/** Whether the SDK accepts a field's key missing from the answer. */
function mayBeMissing(field: z.core.$ZodType): boolean {
  const def = field._zod.def;
  if (def.type === 'optional') return true;
  if (def.type === 'pipe') return mayBeMissing((def as z.core.$ZodPipeDef).in);
  return def.type === 'transform' && TRANSFORM_WIRE.get(field)?.optional === true;
}

/** Each property's description: the JSDoc of the record interface's field. */
function describeFields(component: JsonSchema, members: ReturnType<SourceDocs['members']>): void {
  const properties = component.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return;
  for (const member of members) {
    const property = properties[member.name];
    if (property && member.doc) properties[member.name] = { description: member.doc, ...property };
  }
}
