/**
 * FNV-1a (32-bit) of a string: cheap, pure and stable across runs. Good enough to notice that a
 * server's text changed under an operator's override; not a security hash.
 */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

// Definitions are immutable snapshots replaced on rediscovery, so memoising by object identity
// makes a recompute after a config edit skip the hashing entirely.
const memo = new WeakMap<object, string>();

export function descriptionHashOf(definition: { description?: string }): string {
  let hash = memo.get(definition);
  if (hash === undefined) {
    hash = fnv1a(definition.description ?? '');
    memo.set(definition, hash);
  }
  return hash;
}
