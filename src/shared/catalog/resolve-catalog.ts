import { createCatalogResolver } from './catalog-resolver';
import type { Catalog, CatalogInput } from './types';

/**
 * The intersection of what servers offer and what the intent tree mounts, with a state and a human reason for
 * every tool. Input to output, no hidden state: a fresh resolver each call (tests, the one-shot CLI, scripts).
 * Whatever resolves repeatedly owns a createCatalogResolver(), which reuses what did not change.
 */
export function resolveCatalog(input: CatalogInput): Catalog {
  return createCatalogResolver().resolve(input);
}

export { strictestConfirm, describeDownServers } from './resolve-tool';
