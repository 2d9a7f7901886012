import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type WorkbenchRoutes =
  | 'tools.definition'
  | 'tools.call'
  | 'tests.list'
  | 'tests.result'
  | 'tests.run'
  | 'tests.saveConversation'
  | 'replay.run'
  | 'preview.run';

export function createWorkbenchHandlers({ workbench }: AppServices): Pick<Handlers, WorkbenchRoutes> {
  return {
    'tools.definition': ({ toolId, server }) => workbench.definition(toolId, server),
    'tools.call': (request) => workbench.call(request),
    'tests.list': () => workbench.listTests(),
    'tests.result': ({ id }) => workbench.testResult(id),
    'tests.run': ({ ids, approve }) => workbench.runTests(ids, approve),
    'tests.saveConversation': ({ conversationId, name }) => workbench.saveConversationAsTest(conversationId, name),
    'replay.run': ({ conversationId }) => workbench.replay(conversationId),
    'preview.run': ({ intents }) => workbench.preview(intents),
  };
}
