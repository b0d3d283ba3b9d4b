import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run } from './install.js';
import { declarationExamples, guideSamples, type Sample, sampleModule } from './samples.js';

/*
 * Every sample a user copies compiles against the INSTALLED package, under `strict`, in ONE tsc
 * program (a module per sample, with the names guides assume in project/samples/globals.d.ts);
 * the ones fenced ```ts runnable then run against a fake site (project/samples/run.mjs). See
 * samples.ts for the marker.
 */
const dir = inject('consumerDir');
const repo = path.resolve(import.meta.dirname, '../..');
const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');

/** Writes every sample as samples/sNNN.ts; returns them with their file names. */
async function writeSamples(samples: Sample[]): Promise<{ sample: Sample; file: string }[]> {
  return Promise.all(
    samples.map(async (sample, index) => {
      const file = `s${String(index).padStart(3, '0')}.ts`;
      await writeFile(path.join(dir, 'samples', file), sampleModule(sample));
      return { sample, file };
    }),
  );
}

describe('the code samples of the README, the guides and the JSDoc', () => {
  const guides = guideSamples(repo);
  const examples = declarationExamples(path.join(dir, 'node_modules/socialsite-sdk/dist'));
  const all = [...guides, ...examples];
  let written: { sample: Sample; file: string }[] = [];

  it('are found: the guides’ blocks, the runnable ones among them, and the declarations’ @examples', () => {
    expect(guides.length).toBeGreaterThan(40);
    expect(guides.filter((sample) => sample.runnable).length).toBeGreaterThanOrEqual(4);
    expect(examples.length).toBeGreaterThan(30);
    expect(examples.map((sample) => sample.code)).toContainEqual(expect.stringContaining('createRelay({'));
  });

  it('all compile against the installed package under strict, in one program', async () => {
    written = await writeSamples(all);
    const config = {
      compilerOptions: {
        strict: true,
        // The package's declarations are checked by public-types.test.ts; here the samples are.
        skipLibCheck: true,
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        // A Node program that also has the DOM types: the setting where Node and DOM streams clash.
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        typeRoots: [path.join(repo, 'node_modules/@types')],
        rootDir: 'samples',
        outDir: 'samples/out',
      },
      files: ['samples/globals.d.ts', ...written.map(({ file }) => `samples/${file}`)],
    };
    await writeFile(path.join(dir, 'tsconfig.samples.json'), JSON.stringify(config, null, 2));
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.samples.json'], { cwd: dir }).catch(
      (error: { stdout?: string }) => error,
    );
    const output = 'stdout' in result ? (result.stdout ?? '') : '';
    // Each error names the sample's origin (its first line), not the scratch file.
    const named = output.replace(/samples\/(s\d{3})\.ts/g, (_, name: string) => {
      const found = written.find(({ file }) => file === `${name}.ts`);
      return found ? `${found.sample.origin} (samples/${name}.ts)` : name;
    });
    expect(named).toBe('');
  });

  it('the runnable ones run against the fake site', async () => {
    const runnable = written.filter(({ sample }) => sample.runnable);
    expect(runnable.length).toBeGreaterThan(0);
    const files = runnable.map(({ file }) => `samples/out/${file.replace(/\.ts$/, '.js')}`);
    const { stdout } = await run(process.execPath, ['samples/run.mjs', ...files], { cwd: dir });
    // The report is the last line: a sample may print (the README's quick start does).
    const report = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, string>;
    const failed = runnable
      .map(({ sample }, index) => ({ origin: sample.origin, outcome: report[files[index] ?? ''] }))
      .filter(({ outcome }) => outcome !== 'ok');
    expect(failed).toEqual([]);
  });
});
