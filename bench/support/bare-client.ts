import { Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import type { ServerState } from '../../src/main/core/mcp/types';
import { MODERN_REVISION } from '../../src/main/core/mcp/protocol-era';

/**
 * The bare SDK client on the connection the app made: the revision it negotiated (protocol: auto reaches 2026-07-28
 * with the shop) and the capabilities it declared. Both sides then pay the same protocol's per-request cost, so a
 * ratio is the app's own overhead.
 * - A bare client left on its default (2025-11-25, a session) was ~25% faster per call than 2026's stateless requests.
 * - 2026-07-28 sends the client's capabilities in every request's `_meta`, and the server validates them each time:
 *   the Apps extension alone measured 2-3% more per round trip than a client declaring nothing (docs/PERFORMANCE.md,
 *   "Targets missed", scenario 2's sixth pass).
 */
export function bareClientLike(
  state: Pick<ServerState, 'protocolVersion' | 'declaredCapabilities'> | undefined,
): Client {
  const revision = state?.protocolVersion;
  const versionNegotiation =
    revision === MODERN_REVISION ? { mode: { pin: MODERN_REVISION } } : { mode: 'legacy' as const };
  const capabilities: ClientCapabilities = state?.declaredCapabilities ?? {};
  return new Client({ name: 'bench-bare', version: '0.0.0' }, { capabilities, versionNegotiation });
}
