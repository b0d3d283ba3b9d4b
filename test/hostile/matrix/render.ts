import { OPERATIONS } from '../support/operations.js';
import { FAULT_CASES } from './cases.js';
import { DOWNLOAD_CASES, type DownloadOutcome, type Sink } from './download-cases.js';
import type { Outcome } from './outcomes.js';

/*
 * The matrix as the Markdown tables of docs/fault-matrix.md, so the documentation is the tested
 * table itself (docs-sync.test.ts fails when they differ).
 */

const attempts = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`;

function cell(outcome: Outcome, write: boolean): string {
  switch (outcome.kind) {
    case 'recovers':
      return outcome.attempts === 1 ? 'recovered' : `recovered, retried (${attempts(outcome.attempts)})`;
    case 'returns':
      return `returns \`${JSON.stringify(outcome.value)}\``;
    case 'fails': {
      const tried = outcome.attempts === 1 ? 'not retried' : `retried (${attempts(outcome.attempts)})`;
      const applied = write && outcome.applied ? ', **may have succeeded**' : '';
      return `\`${outcome.error.name}\`, ${tried}${applied}`;
    }
    case 'aborts':
      return outcome.attempts === 0
        ? 'abort reason, nothing sent'
        : `abort reason (${attempts(outcome.attempts)})`;
  }
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function renderFaultTable(): string {
  const header = [
    'Fault',
    ...OPERATIONS.map((operation) => {
      const call = operation.call.startsWith(operation.client)
        ? operation.call
        : `${operation.client} ${operation.call}`;
      const how = { read: 'GET', 'idempotent-write': 'POST, retried', write: 'POST, sent once' }[
        operation.kind
      ];
      return `\`${call}\` (${how})`;
    }),
  ];
  const rows = FAULT_CASES.map((row) => [
    row.name,
    ...OPERATIONS.map((operation) => cell(row.expect[operation.id], operation.kind !== 'read')),
  ]);
  return table(header, rows);
}

const SINK_NAMES: Record<Sink, string> = {
  stream: '`files.download` (stream)',
  blob: '`files.downloadBlob`',
  file: '`downloadToFile`',
};

function downloadCell(outcome: DownloadOutcome): string {
  if (outcome.kind === 'exact') return `byte-exact (${outcome.chunkRequests} chunk requests)`;
  if (outcome.kind === 'aborts') return 'abort reason, no further request';
  return `\`${outcome.error.name}\`${outcome.message ? ` (“${outcome.message.source}”)` : ''}`;
}

export function renderDownloadTable(): string {
  const sinks: Sink[] = ['stream', 'blob', 'file'];
  const rows = DOWNLOAD_CASES.map((row) => [
    row.name,
    ...sinks.map((sink) =>
      (row.sinks ?? sinks).includes(sink) ? downloadCell(row.expect) : 'same (tested in test/integration)',
    ),
  ]);
  return table(['Fault', ...sinks.map((sink) => SINK_NAMES[sink])], rows);
}
