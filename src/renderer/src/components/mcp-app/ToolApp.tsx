import { useMemo } from 'react';
import type { ChatItem } from '../../../../shared/contract';
import { McpAppView, type McpAppTarget } from './McpAppView';

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;
const ENDED_WITHOUT_RESULT = new Set(['rejected', 'blocked', 'stopped']);

/**
 * A tool call's app: its input at once (or as it streams, while the model writes it), its full result (from the execution record: the card holds only what the
 * model was told) when the call ends, or tool-cancelled when it ended without running.
 */
export function ToolApp({
  item,
  target,
  streamedInput,
}: {
  item: ToolItem;
  target: McpAppTarget;
  streamedInput?: string;
}) {
  const input = useMemo(
    () => (item.arguments && typeof item.arguments === 'object' ? (item.arguments as Record<string, unknown>) : {}),
    [item.arguments],
  );
  const ran = item.status === 'success' || item.status === 'error';
  const cancelled = ENDED_WITHOUT_RESULT.has(item.status) ? (item.resultText ?? item.status) : undefined;
  // While the model is still writing the call, the app gets its input as it streams, and the final input after.
  return (
    <McpAppView
      target={target}
      call={{
        input: streamedInput === undefined ? input : undefined,
        partialJson: streamedInput,
        recordId: item.recordId,
        ran,
        cancelled,
      }}
    />
  );
}
