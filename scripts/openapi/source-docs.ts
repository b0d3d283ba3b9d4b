import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/*
 * The prose of the OpenAPI documents, read from the SDK's own declarations with the TypeScript
 * compiler: the JSDoc of each record interface and its fields (written once, in `src/schemas`), of
 * each parameter type and of each resource method. Nothing is copied by hand, so a reworded field
 * doc, a new field or a new parameter reaches the documents with the next build.
 */

/** One member of a declared type: its doc, whether it may be left out, its type as the compiler prints it. */
export interface MemberDoc {
  name: string;
  doc: string;
  optional: boolean;
  type: string;
}

/** The documented declarations of the SDK's source, read once. */
export interface SourceDocs {
  /** The doc of an exported interface, type alias, class or const of `file`. */
  declaration(file: string, name: string): string;
  /** The members of an exported type of `file`, every member of every union branch, in declaration order. */
  members(file: string, name: string): MemberDoc[];
  /** The members of one member of an exported type (`AppMethodParams['user.getUser']`). */
  memberMembers(file: string, name: string, member: string): MemberDoc[];
  /** The doc of `Class.method` in `file`. */
  method(file: string, className: string, methodName: string): string;
}

/**
 * Where a resource method of a client is declared, from its call below the client: `files.list`
 * in `src/native` → `['src/native/resources/files.ts', 'FilesResource', 'list']`.
 */
export function resourceMethod(
  client: string,
  call: string,
): [file: string, className: string, method: string] {
  const [resource = '', method = ''] = call.split('.');
  return [
    `${client}/resources/${resource}.ts`,
    `${resource.charAt(0).toUpperCase()}${resource.slice(1)}Resource`,
    method,
  ];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A program over the SDK's source, for the files the documents are made from. */
export function readSourceDocs(files: readonly string[]): SourceDocs {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const program = ts.createProgram(
    files.map((file) => path.join(root, file)),
    options,
  );
  const checker = program.getTypeChecker();

  const exported = (file: string, name: string): ts.Symbol => {
    const source = program.getSourceFile(path.join(root, file));
    const module = source && checker.getSymbolAtLocation(source);
    const symbol = module && checker.getExportsOfModule(module).find((candidate) => candidate.name === name);
    if (!symbol) throw new Error(`openapi: ${file} exports no ${name}`);
    return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };

  const membersOf = (type: ts.Type): MemberDoc[] => {
    const branches = type.isUnion() ? type.types : [type];
    const seen = new Map<string, MemberDoc>();
    for (const branch of branches) {
      for (const property of checker.getPropertiesOfType(branch)) {
        if (seen.has(property.name)) continue;
        const propertyType = checker.getNonNullableType(checker.getTypeOfSymbol(property));
        seen.set(property.name, {
          name: property.name,
          doc: docOf(property, checker),
          // A member of only some union branches is optional on the wire too.
          optional: (property.flags & ts.SymbolFlags.Optional) !== 0 || branches.length > 1,
          type: checker.typeToString(propertyType, undefined, ts.TypeFormatFlags.NoTruncation),
        });
      }
    }
    return [...seen.values()];
  };

  const typeOf = (file: string, name: string): ts.Type => {
    const symbol = exported(file, name);
    return symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)
      ? checker.getDeclaredTypeOfSymbol(symbol)
      : checker.getTypeOfSymbol(symbol);
  };

  return {
    declaration: (file, name) => docOf(exported(file, name), checker),
    members: (file, name) => membersOf(typeOf(file, name)),
    memberMembers(file, name, member) {
      const property = typeOf(file, name).getProperty(member);
      if (!property) throw new Error(`openapi: ${name} has no member ${member}`);
      return membersOf(checker.getTypeOfSymbol(property));
    },
    method(file, className, methodName) {
      const type = checker.getDeclaredTypeOfSymbol(exported(file, className));
      const method = type.getProperty(methodName);
      if (!method) throw new Error(`openapi: ${className} has no method ${methodName}`);
      return docOf(method, checker);
    },
  };
}

/** The JSDoc text of a symbol, `{@link X}` read as `X` and the `@default` tag kept as a sentence. */
function docOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker));
  const tags = symbol
    .getJsDocTags(checker)
    .filter((tag) => tag.name === 'default' || tag.name === 'deprecated')
    .map((tag) => {
      const said = ts.displayPartsToString(tag.text).trim();
      return tag.name === 'default' ? `Default: ${said}.` : `Deprecated${said ? `: ${said}` : '.'}`;
    });
  return [text, ...tags]
    .filter((part) => part !== '')
    .join('\n\n')
    .replace(/\{@link\s+([^}|\s]+)\s*(?:\|[^}]*)?\}/g, '`$1`')
    .replace(/``/g, '`')
    .trim();
}
