import { describe, expect, it } from 'vitest';
import { browserBundle } from './browser-bundle.js';

/*
 * Which of zod's schema kinds a browser app's bundle carries (esbuild, which keeps a top-level zod
 * call unless it is marked pure: it does not read zod's own `@__NO_SIDE_EFFECTS__`). Every kind costs
 * every app 0.1-0.6 kB (min+gzip); a field of two kinds is one transform that checks the type
 * itself. zod names each kind in its constructor (`$ZodUnion`), so the names show what was bundled.
 */
async function bundledKinds(name: string): Promise<string[]> {
  return [...new Set((await browserBundle(name)).match(/\$Zod[A-Z][A-Za-z]*/g) ?? [])].sort();
}

/** What no client needs: unions, literals, `never`, `null`, `number`, `nullable`. */
const UNUSED = ['$ZodUnion', '$ZodLiteral', '$ZodNever', '$ZodNull', '$ZodNumber', '$ZodNullable'];

describe('zod schema kinds in a browser bundle', () => {
  it.each(['AppClient', 'NativeClient'])(
    'import { %s } carries none of the kinds it does not use',
    async (name) => {
      const kinds = await bundledKinds(name);
      expect(kinds).toContain('$ZodObject');
      for (const unused of UNUSED) expect(kinds.filter((kind) => kind.startsWith(unused))).toEqual([]);
    },
    60_000,
  );
});
