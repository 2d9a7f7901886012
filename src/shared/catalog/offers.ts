import type { IntentIndex } from './intent-index';
import type { Offer } from './resolve-tool';
import type { CatalogServerInput } from './types';

export const NO_OFFERS: readonly Offer[] = Object.freeze([]);

/** The offers for each configured toolId, aligned with intents.configured. A server listing a name twice: its first definition counts. */
export function offersFor(servers: readonly CatalogServerInput[], intents: IntentIndex): (readonly Offer[])[] {
  const result = new Array<readonly Offer[]>(intents.configured.length).fill(NO_OFFERS);
  servers.forEach((server, order) => {
    if (server.status !== 'connected') return; // a failed server's last-known tools are not callable
    for (const definition of server.tools) {
      const p = intents.position.get(definition.name);
      if (p === undefined) continue;
      const found = result[p];
      if (found.length === 0) result[p] = [{ server: server.name, order, definition }];
      else if (found[found.length - 1].order !== order)
        (found as Offer[]).push({ server: server.name, order, definition }); // built here, not shared yet
    }
  });
  return result;
}

/** `offer` in its config-order place, in a new array. */
export function withOffer(list: readonly Offer[], offer: Offer): readonly Offer[] {
  if (list.length === 0) return [offer];
  const at = list.findIndex((o) => o.order > offer.order);
  return at < 0 ? [...list, offer] : [...list.slice(0, at), offer, ...list.slice(at)];
}
