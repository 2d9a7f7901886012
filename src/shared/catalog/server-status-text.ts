import { msg, type CatalogMessage } from './catalog-messages';
import type { CatalogServerInput } from './types';

/**
 * A server that is not connected, as a clause: "failed (ECONNREFUSED)", "awaits sign-in (…)", "is connecting".
 * One phrasing for the catalog's reasons and `explain`, so a tool missing because its server waits for an
 * OAuth sign-in says so (the fix is signing in, not retrying).
 */
export function serverStateMessage(server: Pick<CatalogServerInput, 'status' | 'error'>): CatalogMessage {
  const error = server.error || undefined;
  if (server.status === 'failed')
    return error ? msg('catalog.server.failedWith', { error }) : msg('catalog.server.failed');
  if (server.status === 'needs-auth')
    return error ? msg('catalog.server.needsAuthWith', { error }) : msg('catalog.server.needsAuth');
  if (server.status === 'needs-confirmation') return msg('catalog.server.needsConfirmation');
  return msg(
    server.status === 'connecting'
      ? 'catalog.server.connecting'
      : server.status === 'disabled'
        ? 'catalog.server.disabled'
        : 'catalog.server.connected',
  );
}

/** "b failed (ECONNREFUSED)": a server's name and its state. */
export const namedServerState = (server: Pick<CatalogServerInput, 'name' | 'status' | 'error'>): CatalogMessage =>
  msg('catalog.server.named', { server: server.name, state: serverStateMessage(server) });
