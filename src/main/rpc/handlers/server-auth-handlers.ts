import type { AuthService, BrowserOpener } from '../../core/auth';
import type { ConfigStore } from '../../core/config/config-store';
import type { ConnectionManager } from '../../core/mcp';
import type { Handlers } from '../router';
import { serverView } from './servers-handlers';

/**
 * OAuth sign-in and sign-out from the console. The renderer names a server; main resolves its URL and
 * credentials from its own config, and the tokens never leave main.
 */
export function createServerAuthHandlers(
  config: ConfigStore,
  connections: ConnectionManager,
  auth: AuthService,
  openBrowser: BrowserOpener,
): Pick<Handlers, 'servers.signIn' | 'servers.signOut'> {
  return {
    'servers.signIn': async ({ name }) => {
      const handle = await auth.signIn(name, openBrowser);
      handle.done.catch(() => undefined); // the outcome reaches the console as servers.authChanged and the server's status
      return { name, authorizationUrl: handle.authorizationUrl, opened: handle.opened };
    },
    'servers.signOut': async ({ name }) => {
      await auth.signOut(name);
      return serverView(
        config.current().agent.mcp.servers.find((s) => s.name === name)!,
        connections,
        auth,
      );
    },
  };
}
