import { useEffect, useLayoutEffect, useMemo, useRef, type UIEvent } from 'react';
import type { ApprovalRequest, Conversation, ServerRequestView } from '../../../../shared/contract';
import { Empty } from '../../components/QueryState';
import { ApprovalCard } from '../../components/approval-card/ApprovalCard';
import { ServerRequestCard } from '../../components/server-request/ServerRequestCard';
import { groupTurns, unmatchedApprovals, unmatchedRequests } from './group-turns';
import { pendingStreams, pendingToolInputs, useChatStreamStore } from './stream-store';
import { TurnView } from './TurnView';
import { useTranslation } from 'react-i18next';

/** The conversation so far plus whatever is streaming; keeps to the bottom while the operator is there. */
export function Transcript({
  conversation,
  approvals,
  requests = [],
}: {
  conversation: Conversation;
  approvals: ApprovalRequest[];
  requests?: ServerRequestView[];
}) {
  const { t } = useTranslation('chat');
  const { groups, streamedChars } = useTurnGroups(conversation);
  const orphans = unmatchedApprovals(conversation.items, approvals);
  const looseRequests = unmatchedRequests(conversation.items, requests);
  const lastTurnId = groups.at(-1)?.turnId;
  const { scroller, onScroll } = useStickToBottom(lastTurnId, {
    items: conversation.items,
    streamedChars,
    approvals: approvals.length,
    requests: requests.length,
  });

  return (
    <div className="transcript" ref={scroller} tabIndex={0} aria-label={t('transcript.transcript')} onScroll={onScroll}>
      {groups.length === 0 ? (
        <Empty>{t('transcript.noMessagesYetWrite')}</Empty>
      ) : (
        // The live region wraps the list: an <ol> may not take role="log", and its items need the list role.
        <div role="log" aria-relevant="additions">
          <ol className="turns">
            {groups.map((group) => (
              <TurnView
                key={group.turnId}
                group={group}
                approvals={approvals}
                requests={requests}
                conversationId={conversation.id}
              />
            ))}
          </ol>
        </div>
      )}
      {orphans.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} />
      ))}
      {looseRequests.map((request) => (
        <ServerRequestCard key={request.id} request={request} />
      ))}
    </div>
  );
}

/** The saved items and the live streams, grouped by turn; drops a stream copy once chat.get has its item. */
function useTurnGroups(conversation: Conversation) {
  const entries = useChatStreamStore((s) => s.entries);
  const toolInputs = useChatStreamStore((s) => s.toolInputs);
  const dropPersisted = useChatStreamStore((s) => s.dropPersisted);
  const persisted = useMemo(() => new Set(conversation.items.map((item) => item.id)), [conversation.items]);
  const streams = pendingStreams(entries, conversation.id, persisted);
  // A turn that ended without the call's item (a stop, a renamed call id) leaves no app preview behind.
  const ended = new Set(conversation.turns.filter((turn) => turn.status !== 'running').map((turn) => turn.id));
  const groups = groupTurns(
    conversation,
    streams,
    pendingToolInputs(toolInputs, conversation.id, persisted).filter((input) => !ended.has(input.turnId)),
  );

  // chat.get now has these items: the stream copies are no longer needed.
  useEffect(() => dropPersisted(persisted), [persisted, dropPersisted]);

  return { groups, streamedChars: streams.reduce((sum, s) => sum + s.text.length, 0) };
}

/** What makes the transcript longer: a change in any of these scrolls it down if it is pinned to the bottom. */
interface TranscriptSize {
  items: Conversation['items'];
  streamedChars: number;
  approvals: number;
  requests: number;
}

/** Keeps the transcript scrolled to the bottom while the operator is there; a new turn (`lastTurnId`) pins it again. */
function useStickToBottom(lastTurnId: string | undefined, size: TranscriptSize) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastTop = useRef(0);
  // Once per frame, not per delta: reading scrollHeight forces a layout on each delta.
  const scrollFrame = useRef(0);
  // A new turn (the operator just sent a message) follows its answer again, even if the operator had scrolled up
  // to read an earlier turn's expanded Visible tools panel.
  useLayoutEffect(() => {
    pinned.current = true;
  }, [lastTurnId]);
  useLayoutEffect(() => {
    if (!pinned.current || scrollFrame.current) return;
    scrollFrame.current = requestAnimationFrame(() => {
      scrollFrame.current = 0;
      const el = scroller.current;
      if (el && pinned.current) el.scrollTop = el.scrollHeight;
    });
  }, [size.items, size.streamedChars, size.approvals, size.requests, lastTurnId]);
  useEffect(() => () => cancelAnimationFrame(scrollFrame.current), []);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    // Only the operator scrolling up lets go of the bottom. A scroll event caused by the content (an answer
    // replacing its stream, a panel opening) must not: it used to leave a new answer below the fold.
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 40) pinned.current = true;
    else if (el.scrollTop < lastTop.current) pinned.current = false;
    lastTop.current = el.scrollTop;
  };
  return { scroller, onScroll };
}
