import type { ApprovalRequest, ChatItem, Conversation, ServerRequestView, Turn } from '../../../../shared/contract';
import type { StreamedToolInput, StreamEntry } from './stream-store';

export interface TurnGroup {
  turnId: string;
  /** Undefined for a turn chat.get has not reported yet (its deltas arrived first). */
  turn?: Turn;
  items: ChatItem[];
  streams: StreamEntry[];
  /** Tool calls the model is still writing (tools with an MCP App), shown with their app before the call runs. */
  toolInputs: StreamedToolInput[];
}

/** Items, live streams and turn metadata side by side, in turn order; a turn only seen in streams comes last. */
export function groupTurns(
  conversation: Pick<Conversation, 'items' | 'turns'>,
  streams: StreamEntry[],
  toolInputs: StreamedToolInput[] = [],
): TurnGroup[] {
  const groups = new Map<string, TurnGroup>();
  const groupOf = (turnId: string) => {
    let group = groups.get(turnId);
    if (!group) {
      group = { turnId, items: [], streams: [], toolInputs: [] };
      groups.set(turnId, group);
    }
    return group;
  };
  for (const turn of [...conversation.turns].sort((a, b) => a.index - b.index)) groupOf(turn.id).turn = turn;
  for (const item of conversation.items) groupOf(item.turnId).items.push(item);
  for (const stream of [...streams].sort((a, b) => a.step - b.step)) groupOf(stream.turnId).streams.push(stream);
  for (const input of toolInputs) groupOf(input.turnId).toolInputs.push(input);
  return [...groups.values()];
}

/** The pending approval a tool card is waiting on, if approvals.list has it. */
export function approvalFor(item: ChatItem, approvals: ApprovalRequest[]): ApprovalRequest | undefined {
  if (item.kind !== 'tool' || item.status !== 'awaiting_approval') return undefined;
  return approvals.find(
    (approval) => approval.id === item.approvalId || (approval.callId === item.id && approval.turnId === item.turnId),
  );
}

/** Pending approvals no card shows yet (approvals.list refreshed before chat.get): shown at the end instead of lost. */
export function unmatchedApprovals(items: ChatItem[], approvals: ApprovalRequest[]): ApprovalRequest[] {
  const shown = new Set(items.map((item) => approvalFor(item, approvals)?.id).filter(Boolean));
  return approvals.filter((approval) => !shown.has(approval.id));
}

/**
 * A server's requests no tool card shows: asked while no single call of this conversation ran (several did),
 * or before chat.get has the call's item. Shown at the end of the transcript instead of lost.
 */
export function unmatchedRequests(items: ChatItem[], requests: readonly ServerRequestView[]): ServerRequestView[] {
  const calls = new Set(items.flatMap((item) => (item.kind === 'tool' ? [`${item.turnId}/${item.id}`] : [])));
  return requests.filter((request) => !request.callId || !calls.has(`${request.turnId}/${request.callId}`));
}
