import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IntentNode } from '../../../../shared/config/schema';
import { IntentTree, VIRTUALIZE_TREE_AFTER } from './IntentTree';

// happy-dom has no layout: a 600 px viewport so the virtualizer renders a window of rows.
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 }));
afterAll(() => original && Object.defineProperty(HTMLElement.prototype, 'clientHeight', original));
afterEach(cleanup);

/** `categories` categories of `leaves` MCP leaves each: categories × (leaves + 1) nodes. */
function bigTree(categories: number, leaves: number): IntentNode[] {
  return Array.from({ length: categories }, (_, c) => ({
    id: `c${c}`,
    name: `Category ${c}`,
    kind: 'category' as const,
    examples: [],
    children: Array.from({ length: leaves }, (_, l) => ({
      id: `c${c}-t${l}`,
      name: `Tool ${c}.${l}`,
      kind: 'mcp' as const,
      toolId: `tool_${c}_${l}`,
      confirm: 'auto' as const,
      examples: [],
    })),
  }));
}

const props = (tree: IntentNode[]) => ({
  tree,
  collapsed: new Set<string>(),
  selected: null,
  problems: new Map(),
  toolStateOf: () => 'bound',
  onSelect: vi.fn(),
  onToggle: vi.fn(),
  onMove: vi.fn(() => null),
  onDrop: vi.fn(() => null),
  onDelete: vi.fn(),
  onRename: vi.fn(),
});

describe('IntentTree at scale', () => {
  it('renders only the rows in view of a 5,000-node tree, each with its place in the tree for assistive technology', () => {
    render(<IntentTree {...props(bigTree(100, 49))} />);
    const tree = screen.getByRole('tree');
    expect(tree.dataset.rows).toBe('5000');
    const shown = screen.getAllByRole('treeitem');
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(80);
    expect(shown[1].getAttribute('aria-level')).toBe('2');
    expect(shown[1].getAttribute('aria-setsize')).toBe('49');
  });

  it('keeps every row in the DOM for a small tree, and the keyboard still moves through a large one', () => {
    const { unmount } = render(<IntentTree {...props(bigTree(3, 4))} />);
    expect(screen.getAllByRole('treeitem')).toHaveLength(15);
    expect(15).toBeLessThan(VIRTUALIZE_TREE_AFTER);
    unmount();
    const p = props(bigTree(100, 49));
    render(<IntentTree {...p} />);
    const first = screen.getAllByRole('treeitem')[0];
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(p.onSelect).toHaveBeenCalledWith([0]);
    fireEvent.keyDown(first, { key: 'ArrowDown', altKey: true });
    expect(p.onMove).toHaveBeenCalledWith([0], 'down');
  });

  it('collapsing a category above reuses the row elements in view for the rows that move up, with their own labels and places', () => {
    const p = props(bigTree(100, 49));
    const { rerender } = render(<IntentTree {...p} />);
    const before = screen.getAllByRole('treeitem');
    before[0].focus();
    expect(before[1].textContent).toBe('MCP toolTool 0.0tool_0_0bound');
    rerender(<IntentTree {...p} collapsed={new Set(['c0'])} />);
    const after = screen.getAllByRole('treeitem');
    expect(screen.getByRole('tree').dataset.rows).toBe(String(5000 - 49));
    // The same elements, now showing category 1 and its children: nothing was unmounted and mounted again.
    expect(after[1]).toBe(before[1]);
    expect(after[0].getAttribute('aria-expanded')).toBe('false');
    expect(after[1].textContent).toBe('▾categoryCategory 1');
    expect(after[1].dataset.nodeId).toBe('c1');
    expect(after[2].textContent).toBe('MCP toolTool 1.0tool_1_0bound');
    expect(after[2].getAttribute('aria-level')).toBe('2');
    expect(document.activeElement).toBe(after[0]);
    fireEvent.keyDown(after[0], { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-node-id')).toBe('c1');
  });

  it('a click on the arrow toggles the category; the rows it uncovers follow (in a deferred render)', async () => {
    const p = props(bigTree(100, 49));
    const { rerender } = render(<IntentTree {...p} />);
    const arrow = screen.getAllByRole('treeitem')[0].querySelector('.tree-toggle')!;
    fireEvent.click(arrow);
    expect(p.onToggle).toHaveBeenCalledWith('c0', true);
    expect(p.onSelect).not.toHaveBeenCalled();
    rerender(<IntentTree {...p} collapsed={new Set(['c0'])} />);
    await waitFor(() => expect(screen.getAllByRole('treeitem')[1].dataset.nodeId).toBe('c1'));
    expect(screen.getAllByRole('treeitem')[0].getAttribute('aria-expanded')).toBe('false');
  });
});

describe('IntentTree for assistive technology', () => {
  it('names a row by what it shows, and gives dnd-kit’s screen-reader instructions in the console’s language (issue 30)', async () => {
    const { i18n } = await import('../../lib/i18n');
    await i18n.changeLanguage('zh-CN');
    try {
      render(<IntentTree {...props(bigTree(1, 1))} />);
      const row = screen.getAllByRole('treeitem')[1];
      // No aria-label that leaves out the state: the name is the visible text (axe label-content-name-mismatch).
      expect(row.hasAttribute('aria-label')).toBe(false);
      expect(row.textContent).toContain('tool_0_0');
      expect(document.body.textContent).not.toContain('To pick up a draggable item');
      expect(document.body.textContent).toContain('用键盘移动节点');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
