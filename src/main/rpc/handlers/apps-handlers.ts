import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type AppRoutes = 'apps.resource' | 'apps.callTool' | 'apps.message' | 'apps.checkLink' | 'apps.sample';

/** MCP Apps: a tool's own interface gets its pinned HTML here, and every request it makes goes through main's gates. */
export function createAppHandlers({ apps }: AppServices): Pick<Handlers, AppRoutes> {
  return {
    'apps.resource': (input) => apps.resource(input),
    'apps.callTool': (input) => apps.callTool(input),
    'apps.message': (input) => apps.message(input),
    'apps.checkLink': (input) => apps.checkLink(input),
    'apps.sample': (input) => apps.sample(input),
  };
}
