import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IntentNode } from '../../../../shared/config/schema';
import { useIntentDraftStore, useIntentTreeView } from './intent-draft-store';
import { intentEdits } from './intent-edits';
import { useIntentSelection, useIntentTree } from './use-intent-editing';

const saved = {
  value: [
    { id: 'a', name: 'A', kind: 'knowledge', examples: [] },
    { id: 'b', name: 'B', kind: 'knowledge', examples: [] },
  ] as IntentNode[],
  revision: 1,
};

beforeEach(() => {
  useIntentDraftStore.getState().discard();
  useIntentTreeView.setState({ selected: null, collapsed: new Set(), renameRequest: null });
});

/** Renders the hook and counts its renders. */
function counted<T>(hook: () => T) {
  let renders = 0;
  const result = renderHook(() => {
    renders += 1;
    return hook();
  });
  return { result: result.result, renders: () => renders };
}

describe('intent editing hooks subscribe to what they read', () => {
  it('the tree re-renders for an edit, not for a selection, a collapsed category or a save outcome', () => {
    const tree = counted(() => useIntentTree(saved));
    act(() => useIntentTreeView.getState().select([1]));
    act(() => useIntentTreeView.getState().setCollapsed('a', true));
    act(() => useIntentDraftStore.getState().setOutcome({ kind: 'blocked', count: 1 }));
    expect(tree.renders()).toBe(1);
    act(() => intentEdits(saved).update([0], { ...saved.value[0], name: 'A2' }));
    expect(tree.renders()).toBe(2);
    expect(tree.result.current[0].name).toBe('A2');
  });

  it('the selection re-renders when it moves, not when main’s problems or the outcome change', () => {
    const selection = counted(() => useIntentSelection(saved.value));
    act(() => useIntentDraftStore.getState().refused({ kind: 'invalid', message: 'no', problems: [] }));
    act(() => useIntentTreeView.getState().requestRename('0'));
    expect(selection.renders()).toBe(1);
    act(() => useIntentTreeView.getState().select([1]));
    expect(selection.renders()).toBe(2);
    expect(selection.result.current.selectedNode?.id).toBe('b');
  });

  it('edits select and reveal what they move, and a removal drops the selection onto a neighbour', () => {
    const edits = intentEdits(saved);
    expect(edits.move([1], 'up')).toEqual([0]);
    expect(useIntentTreeView.getState().selected).toEqual([0]);
    expect(useIntentDraftStore.getState().draft?.map((n) => n.id)).toEqual(['b', 'a']);
    edits.remove([0]);
    expect(useIntentDraftStore.getState().draft?.map((n) => n.id)).toEqual(['a']);
    expect(useIntentTreeView.getState().selected).not.toBeNull();
  });
});
