import type { Handlers } from '../router';
import type { AgentRuntime } from '../../core/agent/runtime';
import { autoApprover, type Workbench } from '../../core/workbench';
import { say } from '../../../shared/messages';

type WorkbenchRoutes =
  | 'tools.definition'
  | 'tools.call'
  | 'tests.list'
  | 'tests.result'
  | 'tests.run'
  | 'tests.saveConversation'
  | 'replay.run'
  | 'preview.run';

export function createWorkbenchHandlers(workbench: Workbench, runtime: AgentRuntime): Pick<Handlers, WorkbenchRoutes> {
  return {
    'tools.definition': ({ toolId, server }) => workbench.operator.definition(toolId, server),
    'tools.call': (input) => workbench.operator.call(input),
    'tests.list': () => workbench.tests.list(),
    'tests.result': ({ id }) => workbench.tests.result(id),
    'tests.run': async ({ ids, approve }) => {
      const results = await workbench.tests.run(ids, {
        approvals: autoApprover(approve, say(approve === 'all' ? 'decider.consoleTestAll' : 'decider.consoleTestNone')),
      });
      const summaries = results.map(({ id, passed, ranAt, durationMs, failed }) => ({
        id,
        passed,
        ranAt,
        durationMs,
        failed,
      }));
      const passed = results.filter((r) => r.passed).length;
      return { results: summaries, passed, failed: results.length - passed };
    },
    'tests.saveConversation': ({ conversationId, name }) =>
      workbench.tests.saveConversation(runtime.agent.get(conversationId), name),
    'replay.run': ({ conversationId }) => workbench.replay(conversationId),
    'preview.run': ({ intents }) => workbench.preview(intents),
  };
}
