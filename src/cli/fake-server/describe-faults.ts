import type { ChunkFault, FailRule, FaultOptions } from '../../testing/faults.js';

/** One line a fault, in words, with the fake's defaults filled in; none when there are none. */
export function describeFaults(faults: FaultOptions | undefined): string[] {
  const latency = faults?.latencyMs ?? 0;
  return [
    ...(latency > 0 ? [`latency: ${latency} ms before every answer`] : []),
    ...(faults?.fail ?? []).map(describeFailRule),
    ...(faults?.filedata ?? []).map(describeChunkFault),
  ];
}

function describeFailRule(rule: FailRule): string {
  const after = rule.resetAfterBytes;
  const what =
    after === undefined
      ? `fail: HTTP ${rule.status ?? 503}${rule.retryAfter === undefined ? '' : ` with Retry-After: ${rule.retryAfter}`}`
      : `drop: connection dropped ${after === 0 ? 'before the status line' : `after ${after} body bytes`}`;
  const path = rule.path === undefined ? '' : ` whose path contains ${JSON.stringify(String(rule.path))}`;
  const which =
    rule.method === undefined && path === ''
      ? 'every request'
      : `${rule.method ?? ''} requests${path}`.trim();
  const nth = rule.nth ?? 1;
  return `${what}, for ${which}${nth > 1 ? ` from match ${nth} on` : ''}, ${count(rule.times)}`;
}

function describeChunkFault(rule: ChunkFault): string {
  const what =
    rule.fault === 'error'
      ? `HTTP ${rule.status ?? 500}`
      : rule.fault === 'short'
        ? `${rule.bytes === undefined ? 'half' : `only ${rule.bytes}`} of the bytes asked`
        : 'connection dropped mid-body';
  const file = rule.fileId === undefined ? 'any file' : `file ${rule.fileId}`;
  return `chunk-${rule.fault}: filedata at offset ${rule.offset} of ${file}: ${what}, ${count(rule.times)}`;
}

function count(times: number | undefined): string {
  const n = times ?? 1;
  return n === Number.POSITIVE_INFINITY ? 'every time' : n === 1 ? 'once' : `${n} times`;
}
