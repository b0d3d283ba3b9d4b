import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const INDEX = fileURLToPath(new URL('../../src/index.ts', import.meta.url));

/**
 * The minified text of a browser app's bundle that imports one name from the SDK's source
 * (esbuild, as an app would build it: it keeps a top-level call unless it is marked pure).
 */
export async function browserBundle(name: string): Promise<string> {
  const result = await build({
    stdin: {
      contents: `import { ${name} } from '${INDEX}'; console.log(${name});`,
      loader: 'ts',
      resolveDir: '.',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
