import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The code samples a user copies: every fenced ```ts block of README.md and docs/*.md, and every
 * `@example` of the package's declarations (what editors show on hover).
 *
 * The marker: a block fenced as ```ts runnable is also RUN, against the fake site (see
 * project/samples/run.mjs for the names such a block may use without declaring them: `app`, `hub`,
 * `file`…). A block fenced ```ts is type-checked only; one that is not meant to compile at all (a
 * signature listing) is fenced as something else (```text).
 */

/** One sample: where it comes from, its code, and whether to run it. */
export interface Sample {
  /** `README.md:12` or `dist/index.d.ts @example 3`. */
  origin: string;
  code: string;
  runnable: boolean;
  /** A value or `key: value` fragment of an option's JSDoc, not a statement. */
  fragment: boolean;
}

/** Every fenced ```ts block of a Markdown text, with its line. */
export function markdownSamples(file: string, text: string): Sample[] {
  const samples: Sample[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    if (open[1] === 'ts' || open[1] === 'typescript') {
      samples.push({
        origin: `${file}:${i + 1}`,
        code: lines.slice(i + 1, end).join('\n'),
        runnable: open[2]?.split(/\s+/).includes('runnable') ?? false,
        fragment: false,
      });
    }
    i = end;
  }
  return samples;
}

/** Every distinct `@example` of the `.d.ts` files in `dist`. */
export function declarationExamples(dist: string): Sample[] {
  const seen = new Map<string, Sample>();
  for (const name of readdirSync(dist)
    .filter((file) => file.endsWith('.d.ts'))
    .sort()) {
    const text = readFileSync(path.join(dist, name), 'utf8');
    for (const comment of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
      const lines = (comment[1] ?? '').split('\n').map((line) => line.replace(/^\s*\* ?/, ''));
      lines.forEach((line, index) => {
        const at = /^\s*@example\s?(.*)$/.exec(line);
        if (!at) return;
        const body = [at[1] ?? ''];
        for (let j = index + 1; j < lines.length && !/^\s*@\w/.test(lines[j] ?? ''); j++)
          body.push(lines[j] ?? '');
        const code = body.join('\n').trim();
        if (seen.has(code)) return;
        seen.set(code, {
          origin: `dist/${name} @example ${seen.size + 1}`,
          code,
          runnable: false,
          // One line that is a value (`'alice2'`, `{ records: 50 }`) or an option (`token: (r) => …`).
          fragment: !code.includes('\n') && /^(['"{[]|[A-Za-z_$][\w$]*: )/.test(code),
        });
      });
    }
  }
  return [...seen.values()];
}

/** The README and every guide's samples, from the repository `root`. */
export function guideSamples(root: string): Sample[] {
  const docs = readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs].flatMap((file) =>
    markdownSamples(file, readFileSync(path.join(root, file), 'utf8')),
  );
}

/**
 * A sample as a module of its own (so its names never clash with another's, and top-level `await`
 * works). A fragment becomes a constant's value: an object or `key: value` one must satisfy one of
 * the public option types (`OptionFragment` in project/samples/globals.d.ts), which also types its
 * callbacks' parameters.
 */
export function sampleModule(sample: Sample): string {
  const header = `// ${sample.origin}\n`;
  if (!sample.fragment) return `${header}${sample.code}\nexport {};\n`;
  if (/^[A-Za-z_$][\w$]*: /.test(sample.code) || sample.code.startsWith('{')) {
    const value = sample.code.startsWith('{') ? sample.code : `{ ${sample.code} }`;
    return `${header}export const fragment = ${value} satisfies OptionFragment;\n`;
  }
  return `${header}export const fragment = ${sample.code};\n`;
}
