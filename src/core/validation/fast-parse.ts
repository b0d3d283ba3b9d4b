import * as z from 'zod/mini';
import { type Absent, objectParser, PARSED, REFUSED, SKIPPED } from './fast-object.js';
import { type FastParser, GAVE_UP } from './fast-parse-result.js';
import { internals, plainKind, zodInternalsMatch } from './zod-internals.js';

export { GAVE_UP } from './fast-parse-result.js';

/** What zod's `safeParse` runs with; a node the fast path runs through zod (an "island") gets the same. */
const SYNC_CONTEXT = { async: false } as const;

const parsers = new WeakMap<z.core.$ZodType, FastParser>();

let zodReadable: boolean | undefined;
const giveUp: FastParser = () => GAVE_UP;

/**
 * The fast parser of `schema`, compiled once and kept: the same output as `schema.safeParse(input)`
 * whenever that succeeds, `GAVE_UP` otherwise. zod's own parse allocates a payload (an object and
 * an issue array) for every field of every record and builds each record with keyed stores shared
 * by every schema, about 3 µs a 26-field record; this one walks the schema tree once, here, into
 * closures that check each field's type directly and build the record in one pass (the
 * normalizers, `z.transform`s, are called as zod calls them). Kinds it does not model (checks,
 * coercion, defaults, anything new) run through zod's parse of that node alone, so nothing is
 * accepted that zod would refuse.
 */
export function fastParser(schema: z.core.$ZodType): FastParser {
  // Once: a zod whose internals are not the ones read here (`zod-internals.ts`) parses everything.
  zodReadable ??= zodInternalsMatch();
  if (!zodReadable) return giveUp;
  let parser = parsers.get(schema);
  if (parser === undefined) {
    parser = compile(schema);
    parsers.set(schema, parser);
  }
  return parser;
}

function compile(schema: z.core.$ZodType): FastParser {
  const { def } = internals(schema);
  if (Array.isArray(def.checks) && def.checks.length > 0) return island(schema);
  switch (plainKind(schema)) {
    case '$ZodString':
      return def.coerce ? island(schema) : (input) => (typeof input === 'string' ? input : GAVE_UP);
    case '$ZodBoolean':
      return def.coerce ? island(schema) : (input) => (typeof input === 'boolean' ? input : GAVE_UP);
    case '$ZodUnknown':
    case '$ZodAny':
      return (input) => input;
    case '$ZodOptional': {
      const inner = def.innerType as z.core.$ZodType;
      // A defaulted inner type substitutes a value for `undefined`: zod's own parse does that.
      if (internals(inner).optin === 'defaulted') return island(schema);
      const parse = fastParser(inner);
      return (input) => (input === undefined ? undefined : parse(input));
    }
    case '$ZodPipe': {
      const first = fastParser(def.in as z.core.$ZodType);
      const then = fastParser(def.out as z.core.$ZodType);
      return (input) => {
        const piped = first(input);
        return piped === GAVE_UP ? GAVE_UP : then(piped);
      };
    }
    case '$ZodTransform':
      return transform(def.transform as (input: unknown, payload: z.core.ParsePayload) => unknown);
    case '$ZodArray':
      return array(fastParser(def.element as z.core.$ZodType));
    case '$ZodObject':
      return object(schema);
    default:
      return island(schema);
  }
}

/** A node run through zod's own parse, on its own: its value when zod accepts it. */
function island(schema: z.core.$ZodType): FastParser {
  return (input) => {
    const result = schema._zod.run({ value: input, issues: [] }, SYNC_CONTEXT);
    return result instanceof Promise || result.issues.length > 0 ? GAVE_UP : result.value;
  };
}

/**
 * A `z.transform`, called as zod calls it (the value, and a payload the function may add issues
 * to): the payload is reused, so a call allocates nothing.
 */
function transform(run: (input: unknown, payload: z.core.ParsePayload) => unknown): FastParser {
  const issues: z.core.$ZodRawIssue[] = [];
  const payload: z.core.ParsePayload = { value: undefined, issues };
  return (input) => {
    payload.value = input;
    if (issues.length > 0) issues.length = 0;
    const output = run(input, payload);
    if (issues.length > 0) return GAVE_UP;
    return typeof output === 'object' && output instanceof Promise ? GAVE_UP : output;
  };
}

function array(element: FastParser): FastParser {
  return (input) => {
    if (!Array.isArray(input)) return GAVE_UP;
    const output = new Array(input.length);
    for (let index = 0; index < input.length; index++) {
      const parsed = element(input[index]);
      if (parsed === GAVE_UP) return GAVE_UP;
      output[index] = parsed;
    }
    return output;
  };
}

/** zod's rule for a key the input lacks (`undefined`: a default, which zod's own parse applies). */
function absentRule(field: z.core.$ZodType): Absent | undefined {
  const { optin, optout } = internals(field);
  if (optin === undefined) return REFUSED;
  if (optin === 'defaulted') return undefined;
  return optout === 'optional' ? SKIPPED : PARSED;
}

/** An object schema, unless it has a key or a field zod's own parse must handle (`__proto__`, a symbol, a default). */
function object(schema: z.core.$ZodType): FastParser {
  const { def } = internals(schema);
  const shape = def.shape as Record<string, z.core.$ZodType>;
  const keys = Object.keys(shape);
  if (Object.getOwnPropertySymbols(shape).length > 0 || keys.includes('__proto__')) return island(schema);
  const fields = keys.map((key) => shape[key] as z.core.$ZodType);
  const absents = fields.map(absentRule);
  if (absents.includes(undefined)) return island(schema);
  const catchall = def.catchall as z.core.$ZodType | undefined;
  const rest = catchall === undefined ? 'drop' : internals(catchall).def.type === 'never' ? 'refuse' : 'keep';
  const plan = {
    keys,
    parsers: fields.map(fastParser),
    absents: absents as Absent[],
    rest,
    extra: rest === 'keep' && catchall ? fastParser(catchall) : undefined,
  } as const;
  return objectParser(plan, z.config().jitless === true);
}
