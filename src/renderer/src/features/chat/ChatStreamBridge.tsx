import { useEffect } from 'react';
import type { EventPayload } from '../../../../shared/contract';
import { useRpc } from '../../lib/rpc-context';
import { useChatStreamStore } from './stream-store';

/**
 * Feeds chat.delta (and MCP Apps' chat.toolInputPartial) events into the stream store for the app's whole life, so a conversation opened
 * mid-answer still has the text that streamed while another page was showing. Renders nothing.
 */
export function ChatStreamBridge() {
  const rpc = useRpc();
  const applyDelta = useChatStreamStore((s) => s.applyDelta);
  const applyToolInput = useChatStreamStore((s) => s.applyToolInput);
  useEffect(
    () =>
      rpc.on((name, payload) => {
        if (name === 'chat.delta') applyDelta(payload as EventPayload<'chat.delta'>);
        else if (name === 'chat.toolInputPartial') applyToolInput(payload as EventPayload<'chat.toolInputPartial'>);
      }),
    [rpc, applyDelta, applyToolInput],
  );
  return null;
}
