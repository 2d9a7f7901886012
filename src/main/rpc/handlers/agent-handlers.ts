import type { Handlers } from '../router';
import type { AgentRuntime } from '../../core/agent/runtime';
import { Invalid, NotFound } from '../../core/errors';
import { say } from '../../../shared/messages';

type AgentRoutes =
  | 'chat.create'
  | 'chat.list'
  | 'chat.get'
  | 'chat.send'
  | 'chat.stop'
  | 'chat.delete'
  | 'chat.rename'
  | 'approvals.list'
  | 'approvals.resolve'
  | 'records.list'
  | 'records.get';

export function createAgentHandlers(runtime: AgentRuntime): Pick<Handlers, AgentRoutes> {
  const { agent, approvals, records } = runtime;
  return {
    'chat.create': ({ actingIdentity, title }) => agent.create(actingIdentity, title),
    'chat.list': () => agent.list(),
    'chat.get': ({ conversationId }) => agent.get(conversationId),
    'chat.send': ({ conversationId, text }) => ({ turnId: agent.send(conversationId, text).turnId }),
    'chat.stop': ({ conversationId }) => ({ stopped: agent.stop(conversationId) }),
    'chat.delete': async ({ conversationId }) => ({ deleted: await agent.delete(conversationId) }),
    'chat.rename': ({ conversationId, title }) => agent.rename(conversationId, title),
    'approvals.list': () => approvals.list(),
    'approvals.resolve': ({ id, decision, reason }) => {
      if (decision === 'reject' && !reason?.trim()) throw new Invalid(say('approval.rejectNeedsReason'));
      const resolved = approvals.resolve(id, decision, reason);
      if (!resolved) throw new NotFound(say('approval.notPending', { id }));
      return { resolved };
    },
    'records.list': (filter) => records.list(filter),
    'records.get': ({ id }) => records.get(id),
  };
}
