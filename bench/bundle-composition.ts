/**
 * Where a bundle's gzip bytes go: each part of an esbuild bundle (zod, the SDK's folders) is
 * charged what gzip -9 of the bundle shrinks by when that part's output is cut out of it (found
 * through the source map). Gzip shares a repeated text between its copies, so a part's cost is its
 * marginal cost in that bundle; the parts add up to about the whole (a little less).
 */
import { gzipSync } from 'node:zlib';

/** A part of the bundle: the label of the modules whose source path matches. */
export interface Part {
  label: string;
  test: (source: string) => boolean;
}

const under =
  (...folders: string[]) =>
  (source: string) =>
    folders.some((folder) => source.includes(folder));

/** The SDK's source files of one concern, under `src/core/` (in whichever of its folders: names are unique there). */
const coreFiles =
  (...names: string[]) =>
  (source: string) =>
    source.includes('/src/core/') && names.some((name) => source.endsWith(`/${name}.ts`));

/** The parts the report names, first match wins; whatever is left is "other". */
export const PARTS: Part[] = [
  { label: 'zod (zod/mini and its core)', test: under('node_modules/zod/') },
  {
    label: 'SDK core: transport on fetch (retries, redirects, uploads, body limits, deadlines)',
    test: coreFiles(
      'transport',
      'transport-failures',
      'http-exchange',
      'attempt-deadline',
      'retry-policy',
      'redirect-policy',
      'abortable',
      'read-body',
      'body-collector',
      'upload-body',
      'multipart',
      'body-bytes',
      'query',
      'cross-origin',
      'runtime',
      'user-agent',
      'timer-limits',
    ),
  },
  {
    label: 'SDK core: per-attempt credentials (NativeClient and the relay only)',
    test: coreFiles('authorizer', 'header-value'),
  },
  {
    label: 'SDK core: redaction (the decoder, credential forms, secret members)',
    test: coreFiles('decoded-view', 'secret-search', 'credential-forms', 'redact', 'answer-secrets'),
  },
  {
    label: 'SDK core: option checks and unknown keys',
    test: coreFiles('check-options', 'known-keys'),
  },
  {
    label: 'SDK core: answers, errors, validation, paging',
    test: (source) =>
      coreFiles(
        'answer',
        'body',
        'validate',
        'http-errors',
        'api-promise',
        'response-info',
        'page',
        'page-promise',
        'page-cycle',
        'page-fingerprint',
        'duplicate-key',
        'base64',
        'base64-member',
        'json-codes',
      )(source) || source.includes('/src/core/errors/'),
  },
  {
    label: 'SDK core: client core, logging, base URL, relay option',
    test: coreFiles('client-core', 'logging', 'base-url', 'relay-url', 'client-summary'),
  },
  { label: 'SDK schemas (src/schemas)', test: under('/src/schemas/') },
  { label: 'AppClient (src/app)', test: under('/src/app/') },
  { label: 'NativeClient auth strategies (src/native/auth)', test: under('/src/native/auth/') },
  { label: 'NativeClient downloads (src/native/download)', test: under('/src/native/download/') },
  { label: 'NativeClient resources and the rest of src/native', test: under('/src/native/') },
];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Per output line, its segments as [column, source index or -1]: a source map's `mappings` decoded. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const character of segment) {
        const digit = BASE64.indexOf(character);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** Each part's marginal gzip -9 bytes in `code` (minified, with its source map), largest first. */
export function composition(
  code: string,
  sourceMap: { sources: string[]; mappings: string },
  parts: Part[] = PARTS,
): { label: string; gzip: number }[] {
  const total = gzipSync(code, { level: 9 }).length;
  const partOf = sourceMap.sources.map((source) => {
    // Relative to the bundle (`src/core/…`, `node_modules/zod/…`): a leading `/` for the tests.
    const index = parts.findIndex((part) => part.test(`/${source}`));
    return index === -1 ? parts.length : index;
  });
  const lines = code.split('\n');
  const segments = decodeMappings(sourceMap.mappings);
  /** The code with one part's characters removed. */
  const without = (part: number) =>
    lines
      .map((line, index) => {
        const kept: string[] = [];
        const marks = segments[index] ?? [];
        let at = 0;
        marks.forEach(([column, source], mark) => {
          if (column > at) kept.push(line.slice(at, column));
          const end = marks[mark + 1]?.[0] ?? line.length;
          if (source === -1 || partOf[source] !== part) kept.push(line.slice(column, end));
          at = end;
        });
        if (at < line.length) kept.push(line.slice(at));
        return kept.join('');
      })
      .join('\n');
  const labels = [...parts.map((part) => part.label), "the rest (the entry's own code)"];
  return labels
    .map((label, part) => ({
      label,
      gzip: partOf.includes(part) ? total - gzipSync(without(part), { level: 9 }).length : 0,
    }))
    .filter((row) => row.gzip > 0)
    .sort((a, b) => b.gzip - a.gzip);
}
