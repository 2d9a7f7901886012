import type { AppServices } from '../../core/services';
import type { Handlers } from '../router';

type ServerRoutes =
  | 'servers.list'
  | 'servers.add'
  | 'servers.update'
  | 'servers.remove'
  | 'servers.reconnect'
  | 'servers.rediscover'
  | 'servers.acceptInstructions'
  | 'servers.confirmLaunch'
  | 'servers.signIn'
  | 'servers.signOut'
  | 'servers.logs'
  | 'servers.setLogLevel'
  | 'config.import';

/** Server administration. The renderer names servers; commands and URLs come only from main's own config. */
export function createServerHandlers({ servers }: AppServices): Pick<Handlers, ServerRoutes> {
  return {
    'servers.list': () => servers.list(),
    'servers.add': ({ server, index }) => servers.add(server, index),
    'servers.update': ({ name, server }) => servers.update(name, server),
    'servers.remove': ({ name }) => servers.remove(name),
    'servers.reconnect': ({ name }) => servers.reconnect(name),
    'servers.rediscover': ({ name }) => servers.rediscover(name),
    'servers.acceptInstructions': ({ name, currentHash }) => servers.acceptInstructions(name, currentHash),
    'servers.confirmLaunch': ({ name, commandLine, launch }) => servers.confirmLaunch(name, commandLine, launch),
    'servers.signIn': ({ name }) => servers.signIn(name),
    'servers.signOut': ({ name }) => servers.signOut(name),
    'servers.logs': ({ name }) => servers.logs(name),
    'servers.setLogLevel': ({ name, level }) => servers.setLogLevel(name, level),
    'config.import': ({ text, onConflict, dryRun, allowEnv }) => servers.import(text, onConflict, dryRun, allowEnv),
  };
}
