import type * as z from 'zod/mini';
import { ItemFullAnswerSchema } from '../../src/native/envelopes.js';
import {
  ApiInfoSchema,
  ExportItemSchema,
  flagSchema,
  ItemUpdateResultSchema,
  intSchema,
  nativeDateSchema,
  nullableStringSchema,
  UploadedPhotoSchema,
} from '../../src/schemas/index.js';

/*
 * What JSON Schema cannot learn from zod: the SDK's normalizers are transforms (one zod node that
 * checks the type itself, see src/schemas/coerce.ts), and a transform has no input schema that
 * `z.toJSONSchema` could print. Each one is named here with the wire values it accepts; the
 * generator refuses any other transform, so a new normalizer cannot slip into the documents as `{}`
 * ("anything"). Two pipes read their input through a transform first: their wire shape is the
 * normalized one OR the other generation's (`anyOf`).
 */

/** A JSON Schema object, as the documents hold them. */
export type JsonSchema = Record<string, unknown>;

/** `YYYY-MM-DD HH:MM:SS`, Hubzilla's UTC date-time without zone, or `""`. */
const HUB_DATE_PATTERN = '^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})?$';

/** The wire schema of a transform, and whether the SDK also accepts the field missing. */
interface WireOfTransform {
  schema: JsonSchema;
  optional?: boolean;
}

/** Each normalizer (by identity) → the values it accepts on the wire. */
export const TRANSFORM_WIRE: ReadonlyMap<z.core.$ZodType, WireOfTransform> = new Map<
  z.core.$ZodType,
  WireOfTransform
>([
  [
    intSchema,
    {
      schema: {
        type: ['integer', 'string'],
        pattern: '^-?\\d+$',
        'x-sdk-normalized': 'integer',
      },
    },
  ],
  [flagSchema, { schema: { enum: [true, false, 0, 1, '0', '1'], 'x-sdk-normalized': 'boolean' } }],
  [nullableStringSchema, { schema: { type: ['string', 'null'] } }],
  [
    nativeDateSchema,
    {
      schema: {
        type: ['string', 'null'],
        pattern: HUB_DATE_PATTERN,
        'x-sdk-normalized': 'Date, or null for "", 0000-00-00 00:00:00 and 0001-01-01 00:00:00',
      },
    },
  ],
  [
    ApiInfoSchema.shape.current_page,
    {
      schema: { type: ['integer', 'string', 'null'], 'x-sdk-normalized': 'integer or null' },
      optional: true,
    },
  ],
  [ItemUpdateResultSchema.shape.success, { schema: { const: true } }],
  [ExportItemSchema.shape.attach, { schema: { type: ['string', 'array'] } }],
]);

/**
 * The pipes whose input is transformed first: zod prints their normalized side; the wire may also
 * carry this other shape.
 */
export const PIPE_ALTERNATIVES: ReadonlyMap<z.core.$ZodType, JsonSchema> = new Map<
  z.core.$ZodType,
  JsonSchema
>([
  [
    UploadedPhotoSchema,
    {
      type: 'object',
      description:
        'phpFox 3.0.x: a map of size → URL (`original`, `75px`, `100px`, `150px`, `240px`, `500px`, `1024px`); the SDK renames the keys `photo_original`, `photo_75px`, …',
      required: ['original'],
      properties: { original: { type: 'string' } },
      additionalProperties: { type: 'string' },
    },
  ],
  [
    ItemFullAnswerSchema,
    {
      type: 'array',
      maxItems: 0,
      description: 'Nothing matches: an empty JSON array (the SDK reads it as `{item: []}`).',
    },
  ],
]);
