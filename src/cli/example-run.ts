import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { didYouMean } from './closest.js';
import { PROGRAM } from './command.js';
import { EXIT } from './errors.js';
import { EXAMPLE_USAGE } from './example-usage.js';

interface ExampleIo {
  write: (text: string) => void;
  writeError: (text: string) => void;
}

/**
 * `socialsite-sdk example NAME [args]`: runs dist/examples/NAME.js (the compiled examples/NAME.ts)
 * in a Node process of its own, with the arguments after the name, and resolves with its exit code.
 * A process of its own: the example owns its `process.argv`, its Ctrl-C handling and its exit code.
 */
export async function runExample(
  argv: readonly string[],
  io: ExampleIo,
  root = packageRoot(path.dirname(fileURLToPath(import.meta.url))),
): Promise<number> {
  const [name, ...rest] = argv;
  const names = exampleNames(root);
  if (name === '--help' || name === '-h') {
    io.write(EXAMPLE_USAGE);
    return EXIT.ok;
  }
  if (name === '--list') {
    const width = Math.max(...names.map((known) => known.length));
    io.write(names.map((known) => `${known.padEnd(width)}  ${summary(root, known)}\n`).join(''));
    return EXIT.ok;
  }
  if (name === undefined || !names.includes(name)) {
    const guess = name === undefined ? '' : didYouMean(name, names, (known) => JSON.stringify(known));
    const what = name === undefined ? 'which example?' : `no example ${JSON.stringify(name)}${guess}`;
    io.writeError(
      `${PROGRAM} example: ${what} (${PROGRAM} example --list lists them: ${names.join(', ')})\n`,
    );
    return EXIT.usage;
  }
  const child = spawn(process.execPath, [path.join(root, 'dist/examples', `${name}.js`), ...rest], {
    stdio: 'inherit',
  });
  // Ctrl-C reaches the example too (same process group): it stops itself; this process waits for it.
  const ignore = () => {};
  process.on('SIGINT', ignore);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : EXIT.failed)));
    });
  } finally {
    process.off('SIGINT', ignore);
  }
}

/** The folder of the package's package.json above `from` (the CLI runs from dist/ or, in tests, src/cli/). */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'socialsite-sdk')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no socialsite-sdk package.json above ${from}`);
  }
}

/** The compiled examples, by name. */
function exampleNames(root: string): string[] {
  const dir = path.join(root, 'dist/examples');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.slice(0, -'.js'.length))
    .sort();
}

/** The first line of the example's header comment (examples/NAME.ts, shipped beside dist/). */
function summary(root: string, name: string): string {
  const source = path.join(root, 'examples', `${name}.ts`);
  if (!existsSync(source)) return '';
  const header = /^\/\*\*([\s\S]*?)\*\//.exec(readFileSync(source, 'utf8'))?.[1] ?? '';
  const text = header
    .replace(/^\s*\* ?/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  return /^.*?[.:](?=\s|$)/.exec(text)?.[0] ?? text;
}
