import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** The package's public entry points, as apps import them. */
export const ENTRIES = [
  'socialsite-sdk',
  'socialsite-sdk/node',
  'socialsite-sdk/testing',
  'socialsite-sdk/testing/msw',
  'socialsite-sdk/relay',
  'socialsite-sdk/openapi',
];

/** What one entry point of the installed package declares, as TypeScript reads it. */
export interface DeclaredEntry {
  entry: string;
  /** Every exported name. */
  names: string[];
  /** The names TypeScript lets a program use as values (what must exist at run time). */
  values: string[];
  /** The names that are types only (what `import type` brings). */
  types: string[];
  /** The record types: interfaces exported beside a `…Schema` value. */
  records: string[];
  /** The classes exported as types only (they do not exist at run time). */
  typeOnlyClasses: string[];
}

/** A program that sees `entry` as installed in `dir`, and the entry's module symbol. */
function loadEntry(dir: string, entry: string, flavour: 'esm' | 'cjs') {
  const file = path.join(dir, flavour === 'esm' ? 'probe.mts' : 'probe.cts');
  const source = `export * from '${entry}';\n`;
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (name === file ? source : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language) =>
    name === file ? ts.createSourceFile(name, source, language, true) : getSourceFile(name, language);
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const probe = program.getSourceFile(file);
  const module = probe && checker.getSymbolAtLocation(probe);
  if (!module) throw new Error(`cannot read the declarations of ${entry}`);
  /** The declaration an exported name stands for. */
  const target = (name: string): ts.Symbol | undefined => {
    const symbol = checker.getExportsOfModule(module).find((candidate) => candidate.getName() === name);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };
  return { checker, module, target };
}

/**
 * Reads the declarations of `entry` as installed in the scratch project `dir`, resolved the way
 * `moduleResolution` resolves them (`import` conditions for ESM, `require` for CommonJS).
 */
export function declaredExports(dir: string, entry: string, flavour: 'esm' | 'cjs'): DeclaredEntry {
  const { checker, module, target } = loadEntry(dir, entry, flavour);
  const names = checker.getExportsOfModule(module).map((symbol) => symbol.getName());
  // The value side of `import * as ns`: exactly the exports a program may use as values.
  const namespace = checker.getTypeOfSymbol(module);
  const values = checker.getPropertiesOfType(namespace).map((symbol) => symbol.getName());
  const types = names.filter((name) => !values.includes(name));
  const flagsOf = (name: string): ts.SymbolFlags => target(name)?.flags ?? ts.SymbolFlags.None;
  const records = types.filter(
    (name) => values.includes(`${name}Schema`) && Boolean(flagsOf(name) & ts.SymbolFlags.Interface),
  );
  const typeOnlyClasses = types.filter((name) => Boolean(flagsOf(name) & ts.SymbolFlags.Class));
  return {
    entry,
    names: names.sort(),
    values: values.sort(),
    types: types.sort(),
    records: records.sort(),
    typeOnlyClasses: typeOnlyClasses.sort(),
  };
}

/** Types whose fields are not walked into: platform classes, not records. */
const OPAQUE = new Set(['Date', 'Uint8Array', 'Blob', 'Promise']);

/**
 * The fields (at every depth: `PhotoDetail.photo.content`) of the record types `names` of `entry`
 * that have no JSDoc in the installed declarations: what an editor would show nothing for on hover.
 */
export function undocumentedFields(dir: string, entry: string, names: string[]): string[] {
  const { checker, target } = loadEntry(dir, entry, 'esm');
  const missing: string[] = [];
  const walk = (type: ts.Type, at: string, seen: Set<ts.Type>) => {
    if (seen.has(type)) return;
    seen.add(type);
    for (const part of type.isUnion() ? type.types : [type]) {
      if (checker.isArrayType(part)) {
        const [element] = checker.getTypeArguments(part as ts.TypeReference);
        if (element) walk(element, `${at}[]`, seen);
        continue;
      }
      if (!(part.flags & ts.TypeFlags.Object) || OPAQUE.has(part.getSymbol()?.getName() ?? '')) continue;
      for (const field of checker.getPropertiesOfType(part)) {
        if (ts.displayPartsToString(field.getDocumentationComment(checker)) === '') {
          missing.push(`${at}.${field.getName()}`);
        }
        walk(checker.getTypeOfSymbol(field), `${at}.${field.getName()}`, seen);
      }
    }
  };
  for (const name of names) {
    const symbol = target(name);
    if (!symbol) throw new Error(`${entry} does not export ${name}`);
    walk(checker.getDeclaredTypeOfSymbol(symbol), name, new Set());
  }
  return missing;
}

/** The names an entry point of the installed package really exports at run time (Node's conditions). */
export async function runtimeExports(dir: string, entry: string, flavour: 'esm' | 'cjs'): Promise<string[]> {
  const require = createRequire(path.join(dir, 'package.json'));
  if (flavour === 'cjs') return Object.keys(require(entry)).sort();
  // The `import` condition's file, as Node picks it for `import` (no `browser` condition).
  const root = path.dirname(require.resolve('socialsite-sdk/package.json'));
  const manifest = require('socialsite-sdk/package.json') as {
    exports: Record<string, { import: { default: string } }>;
  };
  const subpath = `.${entry.slice('socialsite-sdk'.length)}`;
  const target = manifest.exports[subpath]?.import.default;
  if (!target) throw new Error(`no import condition for ${entry}`);
  return Object.keys(await import(pathToFileURL(path.join(root, target)).href)).sort();
}
