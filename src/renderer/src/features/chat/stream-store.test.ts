import { beforeEach, describe, expect, it } from 'vitest';
import { pendingStreams, useChatStreamStore } from './stream-store';

const delta = (itemId: string, text: string, conversationId = 'c1') => ({
  conversationId,
  turnId: 't1',
  itemId,
  step: 1,
  delta: text,
});

beforeEach(() => useChatStreamStore.setState({ entries: {} }));

describe('chat stream store', () => {
  it('appends deltas per item, in order', () => {
    const { applyDelta } = useChatStreamStore.getState();
    applyDelta(delta('t1-a1', '上周'));
    applyDelta(delta('t1-a1', '买的'));
    applyDelta(delta('t1-a2', 'other'));
    applyDelta(delta('t1-a1', 'AirPods'));
    const { entries } = useChatStreamStore.getState();
    expect(entries['t1-a1'].text).toBe('上周买的AirPods');
    expect(entries['t1-a2'].text).toBe('other');
    expect(entries['t1-a1']).toMatchObject({ conversationId: 'c1', turnId: 't1', step: 1 });
  });

  it('drops the stream copy once chat.get holds the item, and keeps the rest', () => {
    const { applyDelta, dropPersisted } = useChatStreamStore.getState();
    applyDelta(delta('t1-a1', 'done'));
    applyDelta(delta('t1-a2', 'still streaming'));
    const before = useChatStreamStore.getState().entries;
    dropPersisted(['unrelated']);
    expect(useChatStreamStore.getState().entries).toBe(before); // no change, no re-render
    dropPersisted(['t1-a1', 'u1']);
    expect(Object.keys(useChatStreamStore.getState().entries)).toEqual(['t1-a2']);
  });

  it('shows only unpersisted streams of the asked conversation', () => {
    const { applyDelta } = useChatStreamStore.getState();
    applyDelta(delta('a', 'x'));
    applyDelta(delta('b', 'y'));
    applyDelta(delta('c', 'z', 'c2'));
    const shown = pendingStreams(useChatStreamStore.getState().entries, 'c1', new Set(['a']));
    expect(shown.map((e) => e.itemId)).toEqual(['b']);
  });

  it('forgets a deleted conversation', () => {
    const { applyDelta, clearConversation } = useChatStreamStore.getState();
    applyDelta(delta('a', 'x'));
    applyDelta(delta('c', 'z', 'c2'));
    clearConversation('c1');
    expect(Object.keys(useChatStreamStore.getState().entries)).toEqual(['c']);
  });
});
