import type { ModelStep } from '../../../../shared/contract';
import { useRpcQuery } from '../queries';

/**
 * The last model call of the most recently active conversation (operator runs and replays are not conversations):
 * what the funnel's last stage, "sent on the last turn", counts. Undefined while loading or before any chat.
 */
export function useLastModelStep(): { step: ModelStep | undefined; conversationTitle: string | undefined } {
  const list = useRpcQuery('chat.list', {});
  const latest = list.data?.reduce<(typeof list.data)[number] | undefined>(
    (best, c) => (!best || c.updatedAt > best.updatedAt ? c : best),
    undefined,
  );
  const conversation = useRpcQuery('chat.get', { conversationId: latest?.id ?? '' }, { enabled: latest !== undefined });
  const turns = conversation.data?.turns ?? [];
  for (let i = turns.length - 1; i >= 0; i--) {
    const steps = turns[i].steps;
    if (steps.length) return { step: steps[steps.length - 1], conversationTitle: latest?.title };
  }
  return { step: undefined, conversationTitle: latest?.title };
}
