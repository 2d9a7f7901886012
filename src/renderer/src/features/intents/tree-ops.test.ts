import { describe, expect, it } from 'vitest';
import type { IntentNode } from '../../../../shared/config/schema';
import {
  addNode,
  ancestorIds,
  findPathById,
  moveBy,
  moveIntoPrevious,
  moveOutOfParent,
  mountTools,
  moveTo,
  nameFromTool,
  nodeAt,
  removeAt,
  updateAt,
  visibleRows,
} from './tree-ops';
import { problemsFromPaths, validateTree } from './tree-validation';

const mcp = (id: string, toolId = id, extra: Partial<Extract<IntentNode, { kind: 'mcp' }>> = {}): IntentNode => ({
  id,
  name: id,
  kind: 'mcp',
  toolId,
  confirm: 'auto',
  examples: [],
  ...extra,
});
const category = (id: string, children: IntentNode[]): IntentNode => ({
  id,
  name: id,
  kind: 'category',
  examples: [],
  children,
});

const tree = (): IntentNode[] => [
  category('shop', [mcp('order'), mcp('logistics'), category('after', [mcp('refund')])]),
  category('policies', []),
];
const ids = (nodes: readonly IntentNode[]): unknown =>
  nodes.map((n) => (n.kind === 'category' ? { [n.id]: ids(n.children) } : n.id));

describe('tree edits', () => {
  it('adds inside a selected category, after a selected leaf, or at the end', () => {
    const intoCategory = addNode(tree(), [0], 'mcp');
    expect(intoCategory.path).toEqual([0, 3]);
    expect(nodeAt(intoCategory.tree, intoCategory.path)).toMatchObject({
      id: 'new-tool',
      kind: 'mcp',
      toolId: '',
      confirm: 'auto',
    });

    const afterLeaf = addNode(tree(), [0, 0], 'knowledge');
    expect(afterLeaf.path).toEqual([0, 1]);
    expect(ids(afterLeaf.tree)).toEqual([
      { shop: ['order', 'new-knowledge', 'logistics', { after: ['refund'] }] },
      { policies: [] },
    ]);

    const atEnd = addNode(tree(), null, 'category');
    expect(atEnd.path).toEqual([2]);
    // Ids stay unique when adding twice.
    const twice = addNode(atEnd.tree, null, 'category');
    expect(nodeAt(twice.tree, twice.path)?.id).toBe('new-category-2');
  });

  it('renames and edits one node without touching the others (structural sharing)', () => {
    const before = tree();
    const after = updateAt(before, [0, 1], (node) => ({ ...node, name: '物流查询' }));
    expect(nodeAt(after, [0, 1])?.name).toBe('物流查询');
    expect(nodeAt(before, [0, 1])?.name).toBe('logistics');
    expect(after[1]).toBe(before[1]);
  });

  it('deletes a node with its subtree and moves the selection to a neighbour or the parent', () => {
    const removed = removeAt(tree(), [0, 2]);
    expect(ids(removed.tree)).toEqual([{ shop: ['order', 'logistics'] }, { policies: [] }]);
    expect(removed.select).toEqual([0, 1]);
    expect(removeAt(tree(), [0, 0]).select).toEqual([0, 0]);
    const lastChild = removeAt(tree(), [0, 2, 0]);
    expect(lastChild.select).toEqual([0, 2]);
    expect(removeAt([mcp('only')], [0]).select).toBeNull();
  });

  it('moves up and down among siblings, refusing past either end', () => {
    const down = moveBy(tree(), [0, 0], 1)!;
    expect(ids(down.tree)).toEqual([{ shop: ['logistics', 'order', { after: ['refund'] }] }, { policies: [] }]);
    expect(down.path).toEqual([0, 1]);
    expect(moveBy(tree(), [0, 0], -1)).toBeNull();
    expect(moveBy(tree(), [1], 1)).toBeNull();
  });

  it('moves into the category above and back out of it', () => {
    expect(moveIntoPrevious(tree(), [0, 1])).toBeNull(); // the node above is a leaf
    const into = moveIntoPrevious(tree(), [1])!; // policies into shop
    expect(into.path).toEqual([0, 3]);
    expect(ids(into.tree)).toEqual([{ shop: ['order', 'logistics', { after: ['refund'] }, { policies: [] }] }]);

    const out = moveOutOfParent(tree(), [0, 2, 0])!;
    expect(out.path).toEqual([0, 3]);
    expect(ids(out.tree)).toEqual([{ shop: ['order', 'logistics', { after: [] }, 'refund'] }, { policies: [] }]);
    expect(moveOutOfParent(tree(), [1])).toBeNull(); // already at the root
  });

  it('lists visible rows with ARIA positions, hiding collapsed children', () => {
    const rows = visibleRows(tree(), new Set(['after']));
    expect(rows.map((r) => `${r.depth}:${r.node.id}:${r.posInSet}/${r.setSize}:${r.expanded}`)).toEqual([
      '1:shop:1/2:true',
      '2:order:1/3:null',
      '2:logistics:2/3:null',
      '2:after:3/3:false',
      '1:policies:2/2:true',
    ]);

    // A collapse inside a collapsed category stays hidden; the rows are the same objects for the same tree, so
    // memoised rows that stay in view do not re-render; an edited tree gets its own rows.
    const same = tree();
    const expanded = visibleRows(same, new Set());
    expect(expanded.map((r) => r.node.id)).toEqual(['shop', 'order', 'logistics', 'after', 'refund', 'policies']);
    const collapsedShop = visibleRows(same, new Set(['shop', 'after']));
    expect(collapsedShop.map((r) => `${r.node.id}:${r.expanded}`)).toEqual(['shop:false', 'policies:true']);
    expect(collapsedShop[1]).toBe(expanded[5]);
    expect(visibleRows(same, new Set(['shop']))[0]).toBe(collapsedShop[0]);
    expect(visibleRows(same, new Set(['after']))[1]).toBe(expanded[1]);
    const edited = moveOutOfParent(same, [0, 2, 0])!.tree;
    expect(visibleRows(edited, new Set()).map((r) => r.key)).toEqual(['0', '0/0', '0/1', '0/2', '0/3', '1']);
    expect(visibleRows(edited, new Set())[0]).not.toBe(expanded[0]);
    expect(ancestorIds(tree(), [0, 2, 0])).toEqual(['shop', 'after']);
    expect(findPathById(tree(), 'refund')).toEqual([0, 2, 0]);
    expect(findPathById(tree(), 'nope')).toBeNull();
  });
});

describe('tree validation', () => {
  it('reports problems by node path and field', () => {
    const bad: IntentNode[] = [
      category('shop', [mcp('order', ''), mcp('order', 'query_order'), { ...mcp('x y'), name: ' ' }]),
      mcp('pinned-a', 'query_order', { server: 'a' }),
      mcp('pinned-b', 'query_order', { server: 'b' }),
      mcp('ghost', 'query_logistics', { server: 'nowhere' }),
    ];
    const problems = validateTree(bad, ['a', 'b']);
    expect(problems.get('0/0')).toEqual([{ field: 'toolId', message: 'choose the tool this node mounts' }]);
    expect(problems.get('0/1')).toEqual([{ field: 'id', message: 'duplicate intent id "order"' }]);
    expect(problems.get('0/2')?.map((p) => p.field)).toEqual(['id', 'name']);
    expect(problems.has('1')).toBe(false);
    expect(problems.get('2')?.[0].message).toMatch(/pins query_order to server "a"/);
    expect(problems.get('3')).toEqual([{ field: 'server', message: 'unknown server "nowhere"' }]);
    expect(validateTree(tree(), ['shop']).size).toBe(0);
  });

  it('maps main’s problem paths back onto nodes', () => {
    const { byNode, general } = problemsFromPaths([
      { path: 'intents.0.children.2.children.0.toolId', message: 'an mcp node needs a toolId' },
      { path: 'intents.1', message: 'bad node' },
      { path: 'agent.mcp.servers.0.url', message: 'elsewhere' },
    ]);
    expect(byNode.get('0/2/0')).toEqual([{ field: 'toolId', message: 'an mcp node needs a toolId' }]);
    expect(byNode.get('1')).toEqual([{ field: '', message: 'bad node' }]);
    expect(general).toEqual([{ path: 'agent.mcp.servers.0.url', message: 'elsewhere' }]);
  });
});

describe('mountTools (Mount from the Tools page)', () => {
  const tree: IntentNode[] = [
    {
      id: 'shop',
      name: 'Shop',
      kind: 'category',
      examples: [],
      children: [
        { id: 'query_order', name: 'Orders', kind: 'mcp', toolId: 'query_order', confirm: 'auto', examples: [] },
      ],
    },
  ];
  it('adds one MCP node per tool at the end of the category, named from the definition, no description override, ids unique', () => {
    const result = mountTools(tree, 'shop', [
      { toolId: 'query_coupons', server: 'shop', pinServer: false, title: '优惠券查询' },
      { toolId: 'query_order', server: 'other', pinServer: true, title: null },
    ]);
    const shop = result.tree[0] as Extract<IntentNode, { kind: 'category' }>;
    expect(shop.children.map((n) => n.id)).toEqual(['query_order', 'query_coupons', 'query_order-2']);
    expect(shop.children[1]).toEqual({
      id: 'query_coupons',
      name: '优惠券查询',
      kind: 'mcp',
      toolId: 'query_coupons',
      confirm: 'auto',
      examples: [],
    });
    expect(shop.children[2]).toMatchObject({ name: 'query_order', server: 'other' });
    expect(shop.children[2]).not.toHaveProperty('description');
    expect(result.first).toEqual([0, 1]);
    expect(tree[0]).toHaveProperty('children.length', 1); // the saved tree is not touched
  });
  it('goes to the top level when the category is gone', () => {
    const result = mountTools(tree, 'nope', [{ toolId: 'x', server: 's', pinServer: false, title: null }]);
    expect(result.tree.map((n) => n.id)).toEqual(['shop', 'x']);
    expect(result.first).toEqual([1]);
  });
});

describe('nameFromTool (a tool picked for a node)', () => {
  it('a new node inside the selected category takes the tool’s name and id; a typed name or id stays', () => {
    const base = [category('orders', [mcp('query_order')]), mcp('other')];
    const added = addNode(base, [0], 'mcp');
    expect(added.path).toEqual([0, 1]);
    const node = { ...(nodeAt(added.tree, added.path) as Extract<IntentNode, { kind: 'mcp' }>), toolId: 'query_order' };
    // The id query_order is taken: the next free one.
    expect(nameFromTool(added.tree, added.path, node)).toMatchObject({
      name: 'query_order',
      id: 'query_order-2',
      toolId: 'query_order',
    });
    expect(nameFromTool(added.tree, added.path, node, '查询订单')).toMatchObject({ name: '查询订单' });
    expect(nameFromTool(added.tree, added.path, { ...node, name: '订单查询', id: 'my-id' })).toMatchObject({
      name: '订单查询',
      id: 'my-id',
    });
    expect(nameFromTool(added.tree, added.path, { ...node, toolId: '' })).toMatchObject({
      name: 'New MCP tool',
      id: 'new-tool',
    });
  });
});

describe('moveTo (drag and drop)', () => {
  const ids = (tree: IntentNode[]): string[] =>
    tree.flatMap((n) => (n.kind === 'category' ? [`${n.id}[`, ...ids(n.children), ']'] : [n.id]));
  const base = () => [category('a', [mcp('a1'), mcp('a2')]), category('b', [mcp('b1')]), mcp('c')];

  it('reorders among siblings, reparents into a category and out of one, and returns the new path', () => {
    expect(ids(moveTo(base(), [0, 0], [0, 1], 'after')!.tree)).toEqual(['a[', 'a2', 'a1', ']', 'b[', 'b1', ']', 'c']);
    const into = moveTo(base(), [2], [1], 'inside')!;
    expect(ids(into.tree)).toEqual(['a[', 'a1', 'a2', ']', 'b[', 'b1', 'c', ']']);
    expect(into.path).toEqual([1, 1]);
    const out = moveTo(base(), [0, 1], [0], 'before')!;
    expect(ids(out.tree)).toEqual(['a2', 'a[', 'a1', ']', 'b[', 'b1', ']', 'c']);
    expect(out.path).toEqual([0]);
    // An earlier sibling's removal shifts the target: moving a after b lands it after b, not after c.
    expect(ids(moveTo(base(), [0], [1], 'after')!.tree)).toEqual(['b[', 'b1', ']', 'a[', 'a1', 'a2', ']', 'c']);
  });

  it('refuses a drop onto itself, into its own subtree, or inside a leaf', () => {
    expect(moveTo(base(), [0], [0], 'before')).toBeNull();
    expect(moveTo(base(), [0], [0, 1], 'after')).toBeNull();
    expect(moveTo(base(), [1, 0], [2], 'inside')).toBeNull();
  });
});
