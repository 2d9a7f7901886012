import { randomUUID } from 'node:crypto';
import type { Conversation, ReplayReport } from '../../../shared/contract';
import { diffReplay } from '../../../shared/workbench/replay-diff';
import { autoApprover, runScenario, type ScenarioDeps } from './scenario';
import { say } from '../../../shared/messages';

/**
 * Sends a saved conversation's user messages again, in order, with today's config, catalog and model.
 * Writes never run (the model is told NOT_EXECUTED_REPLAY); read-only calls run for real, approved
 * automatically where their policy would ask. Nothing is added to the chat list.
 */
export async function replayConversation(deps: ScenarioDeps, original: Conversation): Promise<ReplayReport> {
  const messages = original.items.flatMap((item) => (item.kind === 'user' ? [item.text] : []));
  const run = await runScenario(deps, {
    id: `replay_${randomUUID().slice(0, 12)}`,
    title: `Replay of ${original.title}`,
    actingIdentity: original.actingIdentity,
    messages,
    actor: 'replay',
    // Reached only by read-only calls (writes are refused before confirmation): they run, as they would have.
    approvals: autoApprover('all', say('decider.replay')),
    skipWrites: true,
  });
  const diff = diffReplay(original, run.conversation);
  return {
    conversationId: original.id,
    actingIdentity: original.actingIdentity,
    modelLabel: run.modelLabel,
    ranAt: new Date().toISOString(),
    ...diff,
  };
}
