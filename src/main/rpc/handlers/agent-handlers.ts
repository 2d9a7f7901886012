import { approvalAnswer, type AppServices } from '../../core/services';
import type { Handlers } from '../router';

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
  | 'records.get'
  | 'records.indexStatus';

export function createAgentHandlers({ conversations, approvals, records }: AppServices): Pick<Handlers, AgentRoutes> {
  return {
    'chat.create': ({ actingIdentity, title }) => conversations.create(actingIdentity, title),
    'chat.list': () => conversations.list(),
    'chat.get': ({ conversationId }) => conversations.get(conversationId),
    'chat.send': ({ conversationId, text }) => ({ turnId: conversations.send(conversationId, text).turnId }),
    'chat.stop': ({ conversationId }) => ({ stopped: conversations.stop(conversationId) }),
    'chat.delete': async ({ conversationId }) => ({ deleted: await conversations.delete(conversationId) }),
    'chat.rename': ({ conversationId, title }) => conversations.rename(conversationId, title),
    'approvals.list': () => approvals.list(),
    'approvals.resolve': ({ id, decision, reason }) => approvals.answer(id, approvalAnswer(decision, reason)),
    'records.list': (filter) => records.list(filter),
    'records.get': ({ id }) => records.get(id),
    'records.indexStatus': () => records.indexStatus(),
  };
}
