import type { CatalogServerInput } from './types';

/**
 * A server that is not connected, in words: "failed (ECONNREFUSED)", "awaits sign-in (…)", "is connecting".
 * One phrasing for the catalog's reasons and `explain`, so a tool missing because its server waits for an
 * OAuth sign-in says so (the fix is signing in, not retrying).
 */
export function describeServerState(server: Pick<CatalogServerInput, 'status' | 'error'>): string {
  if (server.status === 'failed') return `failed${server.error ? ` (${server.error})` : ''}`;
  if (server.status === 'needs-auth') return `awaits sign-in${server.error ? ` (${server.error})` : ''}`;
  return `is ${server.status}`;
}
