import { isMap, isScalar, isSeq, type Document, type Node } from 'yaml';

/**
 * Makes the value at `path` in a YAML document equal `next` while touching as little as possible:
 * unchanged nodes (and the operator's comments on them) are kept, list items are matched by `id`
 * or `name` so a reorder moves nodes instead of rewriting them, and a value that only equals the
 * schema default (present in `previous`, absent from the file) is not written out.
 *
 * `previous` is the parsed (defaults-applied) value the document currently holds at `path`.
 */
export function mergeIntoDocument(
  document: Document,
  path: (string | number)[],
  previous: unknown,
  next: unknown,
): void {
  const existing = document.getIn(path, true) as Node | undefined;
  const merged = mergeNode(document, existing, previous, next);
  if (merged !== existing) document.setIn(path, merged);
}

function mergeNode(document: Document, node: Node | undefined, previous: unknown, next: unknown): Node {
  if (node && deepEqual(previous, next)) return node;
  if (isMap(node) && isPlainObject(next)) {
    const prev = isPlainObject(previous) ? previous : {};
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key === 'string' && !(key in next)) node.delete(key);
    }
    for (const [key, value] of Object.entries(next)) {
      const child = node.get(key, true) as Node | undefined;
      if (child === undefined && deepEqual(prev[key], value)) continue; // an implied default stays implied
      const merged = mergeNode(document, child, prev[key], value);
      if (merged !== child) node.set(key, merged);
    }
    return node;
  }
  if (isSeq(node) && Array.isArray(next) && next.every(identityOf)) {
    const prev = Array.isArray(previous) ? previous : [];
    const byIdentity = new Map<string, { node: Node; previous: unknown }>();
    node.items.forEach((item, index) => {
      const id = identityOf(prev[index]);
      if (id) byIdentity.set(id, { node: item as Node, previous: prev[index] });
    });
    node.items = next.map((value) => {
      const match = byIdentity.get(identityOf(value)!);
      byIdentity.delete(identityOf(value)!);
      return match ? mergeNode(document, match.node, match.previous, value) : createClean(document, value);
    });
    return node;
  }
  if (isScalar(node) && (next === null || typeof next !== 'object')) {
    node.value = next; // keeps the comment attached to the scalar
    return node;
  }
  return createClean(document, next);
}

/** A new node without empty lists and maps: those are schema defaults and only add noise to the file. */
function createClean(document: Document, value: unknown): Node {
  return document.createNode(stripEmpty(value)) as Node;
}

function stripEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripEmpty);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if ((Array.isArray(child) && child.length === 0) || (isPlainObject(child) && Object.keys(child).length === 0))
      continue;
    out[key] = stripEmpty(child);
  }
  return out;
}

/** Items of the lists we edit (intent nodes, skills, servers) are identified by id or name. */
function identityOf(value: unknown): string | undefined {
  if (!isPlainObject(value)) return undefined;
  if (typeof value.id === 'string') return `id:${value.id}`;
  if (typeof value.name === 'string') return `name:${value.name}`;
  return undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}
