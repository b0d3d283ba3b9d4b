import { detectRuntime } from '../base/runtime.js';
import { type FastParser, GAVE_UP } from './fast-parse-result.js';

/**
 * How a field treats a key the input lacks (zod's `optin`/`optout`): `REFUSED`, the key is
 * required (zod reports it missing); `SKIPPED`, optional in and out (nothing is added); `PARSED`,
 * optional in only (a transform, a pipe: the field's schema parses `undefined`, and the key is set
 * unless that gives `undefined`).
 */
export type Absent = typeof REFUSED | typeof SKIPPED | typeof PARSED;
export const REFUSED = 0;
export const SKIPPED = 1;
export const PARSED = 2;

/** An object schema, as the fast parse needs it. */
export interface ObjectPlan {
  /** The declared keys, in the schema's order (as zod builds its output); never `__proto__`. */
  keys: readonly string[];
  parsers: readonly FastParser[];
  absents: readonly Absent[];
  /**
   * Undeclared keys: `'keep'` through `extra` (`looseObject`), `'refuse'` (`strictObject`),
   * `'drop'` (`object`).
   */
  rest: 'keep' | 'refuse' | 'drop';
  extra?: FastParser | undefined;
}

/**
 * The parser of an object schema: the declared keys in the schema's order, then the undeclared
 * ones in the input's order, as zod's own parse gives them.
 *
 * Where no page can forbid generated code (Node, Deno, Bun; not browsers, whose Content Security
 * Policy may, nor workers) and zod's `jitless` is not set, it is generated for the schema's keys:
 * each field is read, checked and set at a place of its own, which V8 specializes for the records
 * it sees (2-3× faster than one loop over the keys, where every read and store is a lookup by
 * name shared by every field of every schema).
 */
export function objectParser(plan: ObjectPlan, jitless: boolean): FastParser {
  return (!jitless && generated(plan)) || looped(plan);
}

function looped({ keys, parsers, absents, rest, extra }: ObjectPlan): FastParser {
  const declared = new Set(keys);
  const count = keys.length;
  const countable = ownCountable(keys);
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return GAVE_UP;
    const source = input as Record<string, unknown>;
    const output: Record<string, unknown> = {};
    let present = 0;
    for (let index = 0; index < count; index++) {
      const key = keys[index] as string;
      const value = source[key];
      let parsed: unknown;
      // One lookup for a key that is there (JSON has no `undefined`), a second only when it may not be.
      if (value === undefined && !(key in source)) {
        const absent = absents[index];
        if (absent === SKIPPED) continue;
        if (absent === REFUSED) return GAVE_UP;
        parsed = (parsers[index] as FastParser)(undefined);
        if (parsed === undefined) continue;
      } else {
        present++;
        parsed = (parsers[index] as FastParser)(value);
      }
      if (parsed === GAVE_UP) return GAVE_UP;
      output[key] = parsed;
    }
    if (rest === 'drop') return output;
    return withRest(source, output, declared, rest, extra, countable ? present : -1);
  };
}

/**
 * The undeclared keys, in the input's order (`for…in`, as zod). `present` declared keys were
 * found in the input (-1: not counted): when those are all its own keys (enumerable or not) and
 * it inherits none (a record from `JSON.parse`), it has no other, and a lookup per key is saved.
 */
function withRest(
  source: Record<string, unknown>,
  output: Record<string, unknown>,
  declared: ReadonlySet<string>,
  rest: 'keep' | 'refuse',
  extra: FastParser | undefined,
  present: number,
): unknown {
  if (present === Object.getOwnPropertyNames(source).length && inheritsNothing(source)) return output;
  for (const key in source) {
    if (declared.has(key)) continue;
    if (rest === 'refuse') return GAVE_UP;
    if (key === '__proto__' || extra === undefined) continue;
    const parsed = extra(source[key]);
    if (parsed === GAVE_UP) return GAVE_UP;
    // A key `for…in` yields is in the input: zod sets it whatever the value (`undefined` too).
    output[key] = parsed;
  }
  return output;
}

/**
 * Whether a count of the declared keys found (`key in input`) counts own keys only: not when a
 * declared key is also one of `Object.prototype`'s (`constructor`, `toString`), which every input has.
 */
function ownCountable(keys: readonly string[]): boolean {
  return !keys.some((key) => key in Object.prototype);
}

/** No `for…in` of `source` yields an inherited key: a plain object (or none) as prototype, with no enumerable key added to it. */
function inheritsNothing(source: object): boolean {
  const prototype = Object.getPrototypeOf(source);
  if (prototype === null) return true;
  if (prototype !== Object.prototype) return false;
  for (const _ in prototype) return false;
  return true;
}

let generating: boolean | undefined;

/** Whether code may be generated here: asked once (see `objectParser`). */
function mayGenerate(): boolean {
  if (generating === undefined) {
    const { kind } = detectRuntime();
    generating = false;
    if (kind === 'node' || kind === 'deno' || kind === 'bun') {
      try {
        generating = typeof new Function('return 1') === 'function';
      } catch {
        generating = false;
      }
    }
  }
  return generating;
}

/** The generated parser, or `undefined` where code may not be generated. */
function generated({ keys, parsers, absents, rest, extra }: ObjectPlan): FastParser | undefined {
  if (!mayGenerate()) return undefined;
  // Names in the generated code: `i` the input, `o` the output, `v` a value, `p` a parsed value,
  // `n` the declared keys found, `P3` the fourth field's parser.
  const lines = ['if(typeof i!=="object"||i===null||Array.isArray(i))return G;const o={};let v,p,n=0;'];
  keys.forEach((key, index) => {
    // A JSON string is a JavaScript string literal: no key can break out of it.
    const name = JSON.stringify(key);
    const set = `if(p===G)return G;o[${name}]=p`;
    const absent = absents[index];
    const whenAbsent =
      absent === SKIPPED
        ? ''
        : absent === REFUSED
          ? 'return G'
          : `p=P${index}(void 0);if(p!==void 0){${set}}`;
    lines.push(`v=i[${name}];if(v===void 0&&!(${name} in i)){${whenAbsent}}else{n++;p=P${index}(v);${set}}`);
  });
  const counted = ownCountable(keys) ? 'n' : '-1';
  lines.push(rest === 'drop' ? 'return o' : `return withRest(i,o,declared,rest,extra,${counted})`);
  const bindings = keys.map((_, index) => `const P${index}=parsers[${index}];`).join('');
  const factory = new Function(
    'G',
    'parsers',
    'withRest',
    'declared',
    'rest',
    'extra',
    `"use strict";${bindings}return function parse(i){${lines.join('\n')}}`,
  );
  return factory(GAVE_UP, parsers, withRest, new Set(keys), rest, extra) as FastParser;
}
