import { Client } from '@modelcontextprotocol/client';
import { MODERN_REVISION } from '../../src/main/core/mcp/protocol-era';

/**
 * The bare SDK client on the revision the app's connection negotiated (protocol: auto reaches 2026-07-28 with the
 * shop): both sides then pay the same protocol's per-request cost, so a ratio is the app's own overhead. A bare
 * client left on its default (2025-11-25, a session) was ~25% faster per call than 2026's stateless requests,
 * which read as proxy overhead.
 */
export function bareClientLike(revision: string | null | undefined): Client {
  const versionNegotiation =
    revision === MODERN_REVISION ? { mode: { pin: MODERN_REVISION } } : { mode: 'legacy' as const };
  return new Client({ name: 'bench-bare', version: '0.0.0' }, { capabilities: {}, versionNegotiation });
}
