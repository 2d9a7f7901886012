import type { VersionNegotiationOptions } from '@modelcontextprotocol/client';
import { isStdioServer, type ServerConfig } from '../../../shared/config/schema';

/** The revision this app pins with `protocol: "2026-07-28"`. */
export const MODERN_REVISION = '2026-07-28';

/**
 * The SDK's negotiation for a server's `protocol` key. auto probes with server/discover and falls back to initialize
 * (the SDK's own rule). On stdio the SDK's probe spawns a sibling process (a second start of the command, a second
 * npx install); until each server's era is remembered between runs (issue 26 item 2), auto speaks 2025 there.
 */
export function versionNegotiationFor(config: ServerConfig): VersionNegotiationOptions {
  const protocol = config.protocol ?? 'auto';
  if (protocol === 'legacy') return { mode: 'legacy' };
  if (protocol === MODERN_REVISION) return { mode: { pin: MODERN_REVISION } };
  return isStdioServer(config) ? { mode: 'legacy' } : { mode: 'auto' };
}

/**
 * An answer that the server does not speak the revision asked for (-32022), or no revision in common: what to tell
 * the operator instead of the raw JSON-RPC body. Undefined for any other error.
 */
export function unsupportedRevision(error: unknown): { requested?: string; supported: string[] } | undefined {
  const e = error as { code?: unknown; data?: unknown; message?: unknown } | null;
  const data = (e?.data ?? {}) as { requested?: unknown; supported?: unknown };
  const refused = e?.code === -32022 || e?.code === 'ERA_NEGOTIATION_FAILED' || (typeof e?.message === 'string' && /-32022|Unsupported protocol version/.test(e.message));
  if (!refused) return undefined;
  const supported = Array.isArray(data.supported) ? data.supported.filter((v): v is string => typeof v === 'string') : [];
  const named = typeof e?.message === 'string' ? /"supported":\s*\[([^\]]*)\]/.exec(e.message)?.[1] : undefined;
  if (supported.length === 0 && named) supported.push(...named.split(',').map((v) => v.trim().replace(/^"|"$/g, '')).filter(Boolean));
  return { ...(typeof data.requested === 'string' && { requested: data.requested }), supported };
}
