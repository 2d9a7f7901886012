import { useEffect } from 'react';
import type { EventPayload } from '../../../../shared/contract';
import { useRpc } from '../../lib/rpc-context';
import { useChatStreamStore } from './stream-store';

/**
 * Feeds chat.delta events into the stream store for the app's whole life, so a conversation opened
 * mid-answer still has the text that streamed while another page was showing. Renders nothing.
 */
export function ChatStreamBridge() {
  const rpc = useRpc();
  const applyDelta = useChatStreamStore((s) => s.applyDelta);
  useEffect(
    () =>
      rpc.on((name, payload) => {
        if (name === 'chat.delta') applyDelta(payload as EventPayload<'chat.delta'>);
      }),
    [rpc, applyDelta],
  );
  return null;
}
