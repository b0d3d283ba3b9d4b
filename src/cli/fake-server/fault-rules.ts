import type { ChunkFault, FailRule } from '../../testing/faults.js';
import { UsageError } from '../errors.js';
import { integer, nonEmpty, optional } from '../values.js';
import { ruleFields } from './rule-fields.js';

/** `T` with every field written out, so that a field the fake gains fails the type check here. */
export type EveryField<T> = { [K in keyof Required<T>]: T[K] };

const MATCH_FIELDS = ['path', 'method', 'nth', 'times'];

/** `--fail [status=]STATUS,retry-after=...,path=...,method=...,nth=N,times=N|all`. */
export function failRule(text: string): FailRule {
  const flag = '--fail';
  const fields = ruleFields(flag, text, 'status', ['status', 'retry-after', 'handled', ...MATCH_FIELDS]);
  const rule: EveryField<FailRule> = {
    ...matching(flag, fields),
    status: optional(fields.get('status'), (value) => status(flag, value)),
    retryAfter: optional(fields.get('retry-after'), (value) => retryAfter(flag, value)),
    resetAfterBytes: undefined,
    afterHandling: optional(fields.get('handled'), (value) => yesNo(flag, value)),
    stallMs: undefined,
  };
  return rule;
}

/** `--drop [after=]BYTES,path=...,method=...,nth=N,times=N|all`: a fail rule that drops the connection. */
export function dropRule(text: string): FailRule {
  const flag = '--drop';
  const fields = ruleFields(flag, text, 'after', ['after', ...MATCH_FIELDS]);
  const rule: EveryField<FailRule> = {
    ...matching(flag, fields),
    status: undefined,
    retryAfter: undefined,
    resetAfterBytes: optional(fields.get('after'), (value) => integer(value, `${flag} after`, 0)) ?? 0,
    afterHandling: undefined,
    stallMs: undefined,
  };
  return rule;
}

/** `--chunk-error`, `--chunk-short`, `--chunk-reset`: `[offset=]OFFSET,file=...,times=...` and the fault's own field. */
export function chunkFault(fault: ChunkFault['fault'], text: string): ChunkFault {
  const flag = `--chunk-${fault}`;
  const own = fault === 'error' ? ['status'] : fault === 'short' ? ['bytes'] : [];
  const fields = ruleFields(flag, text, 'offset', ['offset', ...own, 'file', 'times']);
  const offset = fields.get('offset');
  if (offset === undefined)
    throw new UsageError(`${flag} needs the chunk's offset first, e.g. ${flag} 1048576`);
  const rule: EveryField<ChunkFault> = {
    fault,
    offset: integer(offset, `${flag} offset`, 0),
    fileId: optional(fields.get('file'), (value) => nonEmpty(value, `${flag} file`)),
    status: optional(fields.get('status'), (value) => status(flag, value)),
    bytes: optional(fields.get('bytes'), (value) => integer(value, `${flag} bytes`, 1)),
    times: optional(fields.get('times'), (value) => times(flag, value)),
  };
  return rule;
}

function matching(
  flag: string,
  fields: Map<string, string>,
): EveryField<Pick<FailRule, 'path' | 'method' | 'nth' | 'times'>> {
  return {
    path: fields.get('path'),
    method: optional(fields.get('method'), (value) => method(flag, value)),
    nth: optional(fields.get('nth'), (value) => integer(value, `${flag} nth`, 1)),
    times: optional(fields.get('times'), (value) => times(flag, value)),
  };
}

/** `handled=yes|no`. */
function yesNo(flag: string, text: string): boolean {
  if (text === 'yes' || text === 'no') return text === 'yes';
  throw new UsageError(`${flag} handled must be yes or no, not ${JSON.stringify(text)}`);
}

/** 200 to 599: what a `Response` can carry. */
function status(flag: string, text: string): number {
  return integer(text, `${flag} status`, 200, 599);
}

function times(flag: string, text: string): number {
  return text === 'all' ? Number.POSITIVE_INFINITY : integer(text, `${flag} times (or all)`, 1);
}

function method(flag: string, text: string): string {
  if (!/^[A-Za-z]+$/.test(text))
    throw new UsageError(`${flag} method must be letters, like GET, not ${JSON.stringify(text)}`);
  return text.toUpperCase();
}

/** Seconds, or an HTTP date as given (the header carries it verbatim). */
function retryAfter(flag: string, text: string): number | string {
  if (/^\d+$/.test(text)) return integer(text, `${flag} retry-after`, 0);
  if (Number.isNaN(Date.parse(text)))
    throw new UsageError(`${flag} retry-after must be seconds or an HTTP date, not ${JSON.stringify(text)}`);
  return text;
}
