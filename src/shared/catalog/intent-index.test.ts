import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IntentNode, McpLeaf } from '../config/schema';
import { indexIntents } from './intent-index';
import { leaf } from '../../../tests/support/catalog/test-inputs';

/** The leaves as the config gives them; indexing reads only their kind, toolId and place in the tree. */
const tree = (...leaves: ReturnType<typeof leaf>[]) =>
  [{ id: 'root', name: 'root', kind: 'category', examples: [], children: leaves }] as unknown as IntentNode[];
const idsOf = (nodes: readonly McpLeaf[] | undefined) => nodes?.map((n) => n.id);

describe('indexIntents', () => {
  afterEach(() => vi.restoreAllMocks());

  it('groups a re-parse naming the same tools in the same order by the last positions, with no map built', () => {
    const first = indexIntents(tree(leaf('n1', 'b'), leaf('n2', 'a'), leaf('n3', 'b')));
    const reparsed = tree(leaf('n1', 'b'), leaf('n2', 'a', { description: 'reworded' }), leaf('n3', 'b'));
    // A map per re-parse hashed every new toolId string: the cost of a config edit in a wide catalog.
    const sets = vi.spyOn(Map.prototype, 'set');
    const again = indexIntents(reparsed, first);
    expect(sets).not.toHaveBeenCalled();
    expect(again.configured).toBe(first.configured);
    expect(again.position).toBe(first.position);
    expect(again.configured).toEqual(['a', 'b']);
    // The new node objects, grouped as before.
    expect(again.configuredNodes.map(idsOf)).toEqual([['n2'], ['n1', 'n3']]);
    expect(again.configuredNodes[0][0].description).toBe('reworded');
    expect(again.nodesByToolId.get('a')).toBe(again.configuredNodes[0]);
    expect(idsOf(again.nodesByToolId.get('b'))).toEqual(['n1', 'n3']);
    expect(again.nodesByToolId.get('missing')).toBeUndefined();
  });

  it('groups anew when the same tools come in another order or another count', () => {
    const first = indexIntents(tree(leaf('n1', 'b'), leaf('n2', 'a'), leaf('n3', 'b')));
    const reordered = indexIntents(tree(leaf('n3', 'b'), leaf('n2', 'a'), leaf('n1', 'a')), first);
    expect(reordered.configured).toEqual(['a', 'b']);
    expect(reordered.configuredNodes.map(idsOf)).toEqual([['n2', 'n1'], ['n3']]);
    expect(idsOf(reordered.nodesByToolId.get('a'))).toEqual(['n2', 'n1']);

    const fewer = indexIntents(tree(leaf('n1', 'b'), leaf('n2', 'a')), reordered);
    expect(fewer.configuredNodes.map(idsOf)).toEqual([['n2'], ['n1']]);
    const another = indexIntents(tree(leaf('n1', 'b'), leaf('n2', 'c')), fewer);
    expect(another.configured).toEqual(['b', 'c']);
    expect(another.position.get('c')).toBe(1);
    expect(another.configuredNodes.map(idsOf)).toEqual([['n1'], ['n2']]);
  });
});
