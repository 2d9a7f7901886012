import { msg, type CatalogMessage } from './catalog-messages';
import type { CatalogServerInput } from './types';

/**
 * Servers may offer tools only to clients that declared what those tools need (server-everything hides
 * its elicitation, sampling and roots tools from a client that declares none). So "no server offers X" is
 * only "X does not exist" when every connected server was offered every client capability; otherwise X may
 * be hidden behind one we did not declare.
 */
export const FULL_CLIENT_CAPABILITIES = ['elicitation', 'sampling', 'roots'] as const;

/** The client capabilities a connected server was not offered, when we know what it was offered. */
export function undeclaredCapabilities(server: CatalogServerInput): string[] {
  if (server.status !== 'connected' || !server.declaredCapabilities) return [];
  const declared = server.declaredCapabilities;
  return FULL_CLIENT_CAPABILITIES.filter((name) => declared[name] === undefined);
}

/**
 * "everything was initialized without roots (none configured for that server): a server may withhold tools
 * that need a capability the client did not declare", or undefined when every connected server was
 * offered everything (or we do not know what it was offered).
 */
export function withheldNote(servers: readonly CatalogServerInput[]): CatalogMessage | undefined {
  const missing = servers.flatMap((s) => {
    const names = undeclaredCapabilities(s);
    return names.length ? [msg('catalog.capability.initializedWithout', { server: s.name, capabilities: names.map((n) => msg(`catalog.capability.${n as (typeof FULL_CLIENT_CAPABILITIES)[number]}`)) })] : [];
  });
  return missing.length ? msg('catalog.capability.withheld', { servers: missing }) : undefined;
}
