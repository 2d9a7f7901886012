import type { ResourceBrowser, ServerSessions } from '../../core/mcp';
import { NotFound } from '../../core/errors';
import type { Handlers } from '../router';
import { say } from '../../../shared/messages';

type ResourceRoutes =
  | 'resources.features'
  | 'resources.list'
  | 'resources.templates'
  | 'resources.read'
  | 'resources.subscribe'
  | 'resources.unsubscribe'
  | 'prompts.list'
  | 'prompts.get'
  | 'prompts.complete';

/** A server's resources and prompts, browsed by the operator (nothing here reaches a model). */
export function createResourceHandlers(browser: ResourceBrowser): Pick<Handlers, ResourceRoutes> {
  return {
    'resources.features': ({ server }) => browser.features(server),
    'resources.list': ({ server, cursor }) => browser.listResources(server, cursor),
    'resources.templates': ({ server, cursor }) => browser.listTemplates(server, cursor),
    'resources.read': ({ server, uri, html }) => browser.read(server, uri, { html }),
    'resources.subscribe': ({ server, uri }) => browser.subscribe(server, uri, true),
    'resources.unsubscribe': ({ server, uri }) => browser.subscribe(server, uri, false),
    'prompts.list': ({ server, cursor }) => browser.listPrompts(server, cursor),
    'prompts.get': ({ server, name, arguments: args }) => browser.getPrompt(server, name, args),
    'prompts.complete': ({ server, ref, argument, context }) => browser.complete(server, ref, argument, context),
  };
}

/** Each server's log (notifications/message, stderr, the host's notes) and the level asked of it. */
export function createServerLogHandlers(
  sessions: ServerSessions,
  isConfigured: (name: string) => boolean,
): Pick<Handlers, 'servers.logs' | 'servers.setLogLevel'> {
  const known = (name: string) => {
    if (!isConfigured(name)) throw new NotFound(say('server.notConfigured', { name }));
  };
  return {
    'servers.logs': ({ name }) => {
      known(name);
      return sessions.logView(name);
    },
    'servers.setLogLevel': ({ name, level }) => {
      known(name);
      return sessions.setLogLevel(name, level);
    },
  };
}
