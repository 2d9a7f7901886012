import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

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
export function createResourceHandlers({ resources }: AppServices): Pick<Handlers, ResourceRoutes> {
  return {
    'resources.features': ({ server }) => resources.features(server),
    'resources.list': ({ server, cursor }) => resources.listResources(server, cursor),
    'resources.templates': ({ server, cursor }) => resources.listTemplates(server, cursor),
    'resources.read': ({ server, uri, html }) => resources.read(server, uri, { html }),
    'resources.subscribe': ({ server, uri }) => resources.subscribe(server, uri, true),
    'resources.unsubscribe': ({ server, uri }) => resources.subscribe(server, uri, false),
    'prompts.list': ({ server, cursor }) => resources.listPrompts(server, cursor),
    'prompts.get': ({ server, name, arguments: args }) => resources.getPrompt(server, name, args),
    'prompts.complete': ({ server, ref, argument, context }) => resources.complete(server, ref, argument, context),
  };
}
