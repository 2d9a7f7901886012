import type { VersionNegotiationOptions } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../../shared/config/schema';

/** The revision this app pins with `protocol: "2026-07-28"`. */
export const MODERN_REVISION = '2026-07-28';

/**
 * The SDK's negotiation for a server's `protocol` key. auto is the SDK's own: it probes with server/discover and falls
 * back to initialize. On stdio that probe runs on a sibling process the SDK spawns from the same command (one extra
 * start per connect; bench scenario 1 measured 1.28× with it, under the 1.3× target, on a loaded machine). Remembering
 * each server's era between runs (`connect({ prior })`) would save that start: not done yet (issue 26 item 2).
 */
export function versionNegotiationFor(config: ServerConfig): VersionNegotiationOptions {
  const protocol = config.protocol ?? 'auto';
  if (protocol === 'legacy') return { mode: 'legacy' };
  if (protocol === MODERN_REVISION) return { mode: { pin: MODERN_REVISION } };
  return { mode: 'auto' };
}

/**
 * An answer that the server does not speak the revision asked for (-32022), or no revision in common: what to tell
 * the operator instead of the raw JSON-RPC body. Undefined for any other error.
 */
export function unsupportedRevision(error: unknown): { requested?: string; supported: string[] } | undefined {
  const e = error as { code?: unknown; data?: unknown; message?: unknown } | null;
  const data = (e?.data ?? {}) as { requested?: unknown; supported?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  // ERA_NEGOTIATION_FAILED also covers a probe that never reached the server (a network outage): only a version answer counts.
  const refused = e?.code === -32022 || /-32022|Unsupported protocol version|no (mutual|common) (protocol )?version/i.test(message);
  if (!refused) return undefined;
  const supported = Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
  const named = typeof e?.message === 'string' ? /"supported":\s*\[([^\]]*)\]/.exec(e.message)?.[1] : undefined;
  if (supported.length === 0 && named) supported.push(...named.split(',').map((v) => v.trim().replace(/^"|"$/g, '')).filter(Boolean));
  return { ...(typeof data.requested === 'string' && { requested: data.requested }), supported };
}
