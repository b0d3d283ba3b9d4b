/** One table of the report: a title, column headers and rows of cells, as Markdown. */
export interface Table {
  title: string;
  /** What was measured and how, under the title. */
  note?: string;
  headers: string[];
  rows: string[][];
}

/** A target (issues 7 and 14) and whether this run met it. */
export interface Target {
  name: string;
  /** The measured figure, formatted. */
  measured: string;
  /** The target, formatted (`≤ 1.15×`). */
  wanted: string;
  met: boolean;
}

/** What each benchmark case returns. */
export interface CaseResult {
  tables: Table[];
  targets: Target[];
}

export function markdownTable({ title, note, headers, rows }: Table): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    `### ${title}`,
    '',
    ...(note ? [note, ''] : []),
    line(headers),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map(line),
    '',
  ].join('\n');
}

export function targetsTable(targets: Target[]): Table {
  return {
    title: 'Targets',
    headers: ['target', 'measured', 'wanted', 'met'],
    rows: targets.map((t) => [t.name, t.measured, t.wanted, t.met ? 'yes' : '**NO**']),
  };
}

/** `1.07×` */
export const ratio = (value: number) => `${value.toFixed(2)}×`;
/** Microseconds with no decimals. */
export const micros = (ms: number) => `${Math.round(ms * 1000)} µs`;
export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
