import fc from 'fast-check';

/** What the stubbed server answers every request of one fuzz run. */
export interface FuzzResponse {
  status: number;
  body: string | Uint8Array<ArrayBuffer>;
}

type Path = readonly (string | number)[];
type Edit =
  | { kind: 'delete' }
  | { kind: 'replace'; value: unknown }
  | { kind: 'retype' }
  | { kind: 'wrap' }
  | { kind: 'unwrap' };

/** Values real PHP servers send where something else was expected. */
const NEAR_MISSES: unknown[] = [
  '',
  '0',
  '1',
  '-1',
  'x',
  ' 7',
  '7.5',
  '1e3',
  '9007199254740993',
  0,
  1,
  -1,
  1.5,
  2 ** 53,
  1e308,
  true,
  false,
  null,
  [],
  {},
  [null],
  '0000-00-00 00:00:00',
  '2026-02-30 10:00:00',
  '2026-11-22T03:00:00Z',
  'true',
  'null',
];

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant<Edit>({ kind: 'delete' }),
  fc.constant<Edit>({ kind: 'retype' }),
  fc.constant<Edit>({ kind: 'wrap' }),
  fc.constant<Edit>({ kind: 'unwrap' }),
  fc.constantFrom(...NEAR_MISSES).map((value): Edit => ({ kind: 'replace', value })),
  fc.jsonValue({ maxDepth: 2 }).map((value): Edit => ({ kind: 'replace', value })),
);

/** Up to three edits of a real answer: the shapes a server that almost follows the document sends. */
export function nearMiss(real: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(real);
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), edit), { minLength: 1, maxLength: 3 })
    .map((edits) =>
      edits.reduce((value, [path, change]) => applyAt(value, path, change), structuredClone(real)),
    );
}

/** Any body at all, weighted towards the ones that get deep into the SDK before they go wrong. */
export function responses(realBody: string): fc.Arbitrary<FuzzResponse> {
  const real = parseOrNull(realBody);
  const body = fc.oneof(
    { weight: 4, arbitrary: nearMiss(real).map((value) => JSON.stringify(value) ?? '') },
    { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' \n', 'false', 'true', '[]', '{}', 'null', '""', '0', '"8.8.7"'),
    },
    { weight: 1, arbitrary: junkAround(realBody) },
  );
  const status = fc.oneof(
    { weight: 6, arbitrary: fc.constant(200) },
    { weight: 1, arbitrary: fc.constantFrom(201, 302, 400, 401, 403, 404, 408, 429, 500, 502, 503) },
  );
  return fc.record({ status, body });
}

/** The real body cut, prefixed or wrapped the way broken PHP deployments do. */
function junkAround(realBody: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat(realBody.length).map((cut) => realBody.slice(0, cut)),
    fc
      .constantFrom('\uFEFF', '<br />\n<b>Notice</b>: x<br />\n', '\n\n', '<html>', '{', '[')
      .map((junk) => junk + realBody),
    fc.string({ maxLength: 20 }).map((junk) => realBody + junk),
    fc.string({ maxLength: 40 }).map((junk) => `${junk}${realBody}`),
    // Lines that each look like the start of a document (the search for the JSON after junk
    // must stay linear, and still find the real answer at the end).
    fc
      .array(fc.constantFrom('[1,', '{"a":', '[', '<p>[x]', '{"s":"\\"}', '"]"['), { maxLength: 200 })
      .map((lines) => `${lines.join('\n')}\n${realBody}`),
  );
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
}

/** Every node's path, the root included, capped so huge answers stay cheap to pick from. */
function pathsOf(value: unknown, limit = 2_000): Path[] {
  const paths: Path[] = [];
  const walk = (node: unknown, path: Path) => {
    if (paths.length >= limit) return;
    paths.push(path);
    if (Array.isArray(node)) {
      for (const [index, entry] of node.entries()) walk(entry, [...path, index]);
    } else if (node !== null && typeof node === 'object') {
      for (const [name, entry] of Object.entries(node)) walk(entry, [...path, name]);
    }
  };
  walk(value, []);
  return paths;
}

function applyAt(root: unknown, path: Path, change: Edit): unknown {
  if (path.length === 0) return changed(root, change);
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1] as string | number;
  let parent: unknown = root;
  for (const step of parentPath) {
    if (parent === null || typeof parent !== 'object') return root;
    parent = (parent as Record<string | number, unknown>)[step];
  }
  if (parent === null || typeof parent !== 'object') return root;
  // An earlier edit may have reshaped the tree: a path into what is no longer there is left alone.
  if (Array.isArray(parent) !== (typeof key === 'number') || !Object.hasOwn(parent, key)) return root;
  const container = parent as Record<string | number, unknown>;
  if (change.kind === 'delete') {
    if (Array.isArray(container)) container.splice(Number(key), 1);
    else delete container[key];
  } else {
    container[key] = changed(container[key], change);
  }
  return root;
}

function changed(value: unknown, change: Edit): unknown {
  switch (change.kind) {
    case 'delete':
      return undefined;
    case 'replace':
      return change.value;
    case 'wrap':
      return [value];
    case 'unwrap':
      if (Array.isArray(value)) return value[0];
      if (value !== null && typeof value === 'object') return Object.values(value)[0];
      return value;
    case 'retype':
      // The other encoding of the same datum: number ↔ string, flag ↔ number.
      if (typeof value === 'number') return String(value);
      if (typeof value === 'string')
        return value !== '' && Number.isFinite(Number(value)) ? Number(value) : value.length;
      if (typeof value === 'boolean') return value ? 1 : 0;
      return value === null ? '' : JSON.stringify(value);
  }
}
