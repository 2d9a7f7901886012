import type { ApprovalRequest, ServerRequestView } from '../../../../shared/contract';
import { StatusBadge } from '../../components/StatusBadge';
import { ApprovalCard } from '../../components/approval-card/ApprovalCard';
import { ServerRequestCard } from '../../components/server-request/ServerRequestCard';
import { requestsForCall } from '../../lib/server-requests';
import { AssistantMessage } from './AssistantMessage';
import { approvalFor, type TurnGroup } from './group-turns';
import type { StreamedToolInput } from './stream-store';
import type { ToolItem } from '../../components/ToolCallCard';
import { ToolCallCard } from '../../components/ToolCallCard';
import { VisibleToolsPanel } from './VisibleToolsPanel';
import { useTranslation } from 'react-i18next';
import { shownText } from '../../lib/i18n/messages';

/**
 * One turn: the customer's message, the model's text and tool calls (with inline approvals, and what their
 * servers ask the operator), its end, and what the model saw.
 */
export function TurnView({
  group,
  approvals,
  requests = [],
  conversationId,
}: {
  group: TurnGroup;
  approvals: ApprovalRequest[];
  requests?: ServerRequestView[];
  conversationId?: string;
}) {
  const { t, i18n } = useTranslation('chat');
  const { turn } = group;
  return (
    <li className="turn" data-testid="turn" data-turn={group.turnId}>
      {/* One keyed list for persisted items and streams: when main's copy of a streamed answer arrives, React
          keeps the same AssistantMessage (same key) and its parsed blocks, instead of building the DOM again. */}
      {[
        ...group.items.map((item) => {
          if (item.kind === 'user')
            return (
              <div key={item.id} className="bubble bubble-user" data-testid="user-message">
                {item.text}
              </div>
            );
          if (item.kind === 'assistant') return <AssistantMessage key={item.id} text={item.text} />;
          // What an MCP App put in the conversation: marked as the app's, never shown as the customer's or the model's.
          if (item.kind === 'app')
            return (
              <div key={item.id} className="bubble bubble-app" data-testid="app-message" data-role={item.role}>
                <span className="muted small">
                  {t(item.role === 'message' ? 'appItem.message' : 'appItem.modelContext', {
                    appTool: item.appTool,
                    server: item.server,
                  })}
                </span>
                <div>{item.text}</div>
              </div>
            );
          const approval = approvalFor(item, approvals);
          return (
            <div key={item.id} className="tool-slot">
              <ToolCallCard item={item} app={{ conversationId }} />
              {approval && <ApprovalCard approval={approval} />}
              {requestsForCall(requests, item.turnId, item.id).map((request) => (
                <ServerRequestCard key={request.id} request={request} />
              ))}
            </div>
          );
        }),
        ...group.streams.map((stream) => <AssistantMessage key={stream.itemId} text={stream.text} streaming />),
        // Same key and shape as the call's tool item to come, so its app keeps its frame when the call arrives.
        ...group.toolInputs.map((input) => (
          <div key={input.callId} className="tool-slot">
            <ToolCallCard item={streamingItem(input)} app={{ conversationId }} streamedInput={input.json} />
          </div>
        )),
      ]}
      {turn && turn.status !== 'completed' && turn.status !== 'running' && (
        <p className="turn-end" role="note">
          {t('turnView.turnEnded')} <StatusBadge status={turn.status} />{' '}
          {turn.error !== undefined
            ? shownText(i18n, turn.error, turn.errorMessage)
            : turn.status === 'max_steps'
              ? t('turnView.theStepLimitWas')
              : ''}
        </p>
      )}
      {turn && <VisibleToolsPanel steps={turn.steps} />}
    </li>
  );
}

/** A tool call the model is still writing, as a running tool item: what is known of it so far. */
function streamingItem(input: StreamedToolInput): ToolItem {
  return {
    kind: 'tool',
    id: input.callId,
    turnId: input.turnId,
    step: input.step,
    toolName: input.name,
    server: input.server,
    nodeId: null,
    arguments: {},
    status: 'running',
    at: '',
  };
}
