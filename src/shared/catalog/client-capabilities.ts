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
  // Servers missing the same capabilities share one clause ("a, b and c were initialized without roots").
  const groups = new Map<string, { names: string[]; servers: string[] }>();
  for (const s of servers) {
    const names = undeclaredCapabilities(s);
    if (!names.length) continue;
    const key = names.join(',');
    const group = groups.get(key) ?? { names, servers: [] };
    group.servers.push(s.name);
    groups.set(key, group);
  }
  const clauses = [...groups.values()].map(({ names, servers: group }) => {
    type Capability = (typeof FULL_CLIENT_CAPABILITIES)[number];
    if (group.length === 1)
      return msg('catalog.capability.initializedWithout', {
        server: group[0],
        capabilities: names.map((n) => msg(`catalog.capability.${n as Capability}`)),
      });
    return msg('catalog.capability.initializedWithoutMany', {
      servers: group,
      capabilities: names.map((n) => msg(`catalog.capability.${n as Capability}Many`)),
    });
  });
  return clauses.length ? msg('catalog.capability.withheld', { servers: clauses }) : undefined;
}
