import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../ui-store';
import { openApproval, openConversation, openRecord, useOpenRequest } from './open';
import { useUnsavedChangesGuard } from './use-unsaved-guard';

function ChatStub({ onOpen }: { onOpen: (id: string) => void }) {
  useOpenRequest('chat', onOpen);
  return <p>chat</p>;
}

beforeEach(() => useUiStore.setState({ page: 'requests', opening: null }));
afterEach(cleanup);

describe('links between pages', () => {
  it('shows the target page and hands its page the request once, then forgets it', () => {
    const opened: string[] = [];
    openConversation('c1');
    expect(useUiStore.getState()).toMatchObject({ page: 'chat', opening: { page: 'chat', id: 'c1' } });
    const { rerender } = render(<ChatStub onOpen={(id) => opened.push(id)} />);
    expect(opened).toEqual(['c1']);
    expect(useUiStore.getState().opening).toBeNull();
    rerender(<ChatStub onOpen={(id) => opened.push(id)} />);
    expect(opened).toEqual(['c1']);
    // A page already shown takes a new request as it comes.
    act(() => openConversation('c2'));
    expect(opened).toEqual(['c1', 'c2']);
  });

  it('a clicked approval notification shows its conversation, or the Requests page for a run by hand', () => {
    useUiStore.setState({ page: 'tools' });
    openApproval({ conversationId: 'c9', actor: 'model' });
    expect(useUiStore.getState()).toMatchObject({ page: 'chat', opening: { page: 'chat', id: 'c9' } });
    useUiStore.setState({ page: 'tools', opening: null });
    openApproval({ conversationId: 'run_1', actor: 'operator' });
    expect(useUiStore.getState()).toMatchObject({ page: 'requests', opening: null });
  });

  it('leaves a request for another page alone', () => {
    const opened: string[] = [];
    render(<ChatStub onOpen={(id) => opened.push(id)} />);
    act(() => openRecord('r1'));
    expect(opened).toEqual([]);
    expect(useUiStore.getState().opening).toEqual({ page: 'records', id: 'r1' });
  });

  it('leaves nothing waiting when an unsaved-changes guard keeps the operator on their page', () => {
    useUiStore.setState({ page: 'intents' });
    window.confirm = vi.fn(() => false);
    function DirtyIntents() {
      useUnsavedChangesGuard('intents', true, () => undefined, 'discard?');
      return null;
    }
    render(<DirtyIntents />);
    act(() => openConversation('c1'));
    expect(useUiStore.getState()).toMatchObject({ page: 'intents', opening: null });
  });
});
