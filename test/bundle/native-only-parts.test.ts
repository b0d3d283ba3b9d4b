import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/*
 * What only the hub needs stays out of an `AppClient` bundle (issue 24): the transport asks an
 * authorizer for credentials on each attempt, but the step around it (a wait bounded by the
 * attempt's deadline, the refusal of a credential no header can carry) lives beside the
 * authorizer, reached from the hub's strategies only. The refusal's words show whether it was
 * bundled.
 */
const INDEX = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
const UNSENDABLE_REFUSAL = 'which no HTTP header can carry';

async function bundled(name: string): Promise<string> {
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

describe('the per-attempt credentials step in a browser bundle', () => {
  it('import { AppClient } carries none of it', async () => {
    expect(await bundled('AppClient')).not.toContain(UNSENDABLE_REFUSAL);
  }, 60_000);

  it('import { NativeClient } carries it', async () => {
    expect(await bundled('NativeClient')).toContain(UNSENDABLE_REFUSAL);
  }, 60_000);
});
