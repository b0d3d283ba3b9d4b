import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { TRAP_KINDS } from '../support/fs-traps.js';
import { renderTrapTable } from './matrix/fs-trap-cases.js';
import { renderDownloadTable, renderFaultTable } from './matrix/render.js';

/** docs/fault-matrix.md shows the tested tables; `UPDATE_FAULT_MATRIX=1` rewrites them from the code. */

const DOC = new URL('../../docs/fault-matrix.md', import.meta.url);
const BLOCKS = [
  ['faults', renderFaultTable],
  ['downloads', renderDownloadTable],
  ['fs-traps', () => renderTrapTable(TRAP_KINDS)],
] as const;

function block(name: string, content: string): string {
  return `<!-- ${name}:start (generated from test/hostile/matrix: UPDATE_FAULT_MATRIX=1 npx vitest run test/hostile/docs-sync) -->\n${content}\n<!-- ${name}:end -->`;
}

describe('docs/fault-matrix.md', () => {
  it('shows the tables the hostile tests run', async () => {
    let doc = await readFile(DOC, 'utf8');
    for (const [name, render] of BLOCKS) {
      const pattern = new RegExp(`<!-- ${name}:start[^>]*-->[\\s\\S]*?<!-- ${name}:end -->`);
      expect(doc, `a ${name} block`).toMatch(pattern);
      doc = doc.replace(pattern, () => block(name, render()));
    }
    if (process.env.UPDATE_FAULT_MATRIX) await writeFile(DOC, doc);
    expect(await readFile(DOC, 'utf8')).toBe(doc);
  });
});
