import type { Client, PriorDiscovery, VersionNegotiationOptions } from '@modelcontextprotocol/client';
import { isStdioServer, type ServerConfig } from '../../../shared/config/schema';
import { eraKey, type EraMemory, type EraVerdict } from './era-memory';

/** The revision this app pins with `protocol: "2026-07-28"`. */
export const MODERN_REVISION = '2026-07-28';

/** How one connect negotiates: the SDK's versionNegotiation, plus what a remembered era lets it skip. */
export interface EraPlan {
  negotiation: VersionNegotiationOptions;
  /** A remembered 2025 verdict: initialize directly, no probe. */
  prior?: PriorDiscovery;
  /** stdio: server/discover on the session's own process (the era is known or pinned), not on a sibling the SDK spawns. */
  probeInPlace: boolean;
  /** The remembered verdict this plan trusts: if it fails, it is forgotten and the connect probes. */
  remembered?: EraVerdict;
  /** What a timeout names until the transport sends the handshake's first request (server/discover or initialize). */
  handshake: string;
}

/**
 * The plan for a server's `protocol` key. legacy: initialize only. "2026-07-28": server/discover must offer it.
 * auto: the SDK's probe (server/discover, falling back to initialize). On stdio that probe runs on a sibling process
 * the SDK spawns from the same command, so each auto stdio server's era is remembered between runs (era-memory.ts): a 2026
 * verdict is checked by server/discover on the session's own process, a 2025 verdict goes straight to initialize.
 */
export function eraPlan(config: ServerConfig, memory: EraMemory | undefined, budgetMs: number): EraPlan {
  const protocol = config.protocol ?? 'auto';
  if (protocol === 'legacy') return { negotiation: { mode: 'legacy' }, probeInPlace: false, handshake: 'initialize' };
  if (protocol === MODERN_REVISION)
    return { negotiation: { mode: { pin: MODERN_REVISION } }, probeInPlace: true, handshake: 'server/discover' };
  const remembered = remembersEra(config) ? memory?.recall(eraKey(config)) : undefined;
  if (remembered?.era === 'modern')
    return {
      negotiation: { mode: { pin: remembered.revision } },
      probeInPlace: true,
      remembered,
      handshake: 'server/discover',
    };
  if (remembered?.era === 'legacy')
    return {
      negotiation: { mode: 'auto' },
      prior: { kind: 'legacy' },
      probeInPlace: false,
      remembered,
      handshake: 'initialize',
    };
  return probePlan(config, budgetMs);
}

/**
 * auto with nothing remembered (or a remembered era that failed): the SDK probes. On stdio a silent probe means a
 * 2025 server: it gets half the budget, so initialize (on a process whose stderr we see) still has the other half.
 */
export function probePlan(config: ServerConfig, budgetMs: number): EraPlan {
  const probe = isStdioServer(config) ? { probe: { timeoutMs: Math.max(250, Math.floor(budgetMs / 2)) } } : {};
  return { negotiation: { mode: 'auto', ...probe }, probeInPlace: false, handshake: 'server/discover' };
}

/** After a probe that ended the connection (a 2025 server that exits on any request before initialize): initialize only. */
export const legacyPlan = (): EraPlan => ({
  negotiation: { mode: 'legacy' },
  probeInPlace: false,
  handshake: 'initialize',
});

/**
 * Only stdio servers' eras are remembered: there the probe costs a second process. Over HTTP it costs one request, and a
 * remembered 2025 would keep a server upgraded to the SDK's default (2025 served statelessly, 2026-07-28 in full) on
 * 2025 for a day, where its tools' questions cannot reach the operator.
 */
const remembersEra = (config: ServerConfig): boolean => isStdioServer(config);

/** What a connect under `plan` learnt, for the memory: only a probe's verdict is new (a remembered one keeps its date). */
export function verdictToRemember(
  config: ServerConfig,
  plan: EraPlan,
  client: Client,
  now: Date,
): EraVerdict | undefined {
  if ((config.protocol ?? 'auto') !== 'auto' || plan.remembered || !remembersEra(config)) return undefined;
  // A fallback after a probe that closed the connection is remembered too: the next start goes straight to initialize.
  const revision = client.getNegotiatedProtocolVersion();
  const era = client.getProtocolEra();
  return revision && era ? { era, revision, at: now.toISOString() } : undefined;
}

/**
 * The server negotiated one era and then refused that era's requests (it lies about its era, or serves it half):
 * the first tools/list is refused with an unsupported-version answer. Named so the card does not blame the revision.
 */
export class EraContradictionError extends Error {
  constructor(
    readonly negotiated: string,
    readonly supported: string[],
  ) {
    super(
      `negotiated MCP ${negotiated}, then refused a ${negotiated} request (it names ${supported.join(', ') || 'no revision'})`,
    );
  }
}

const REVISION = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An answer that the server does not speak the revision asked for (-32022), or no revision in common: what to tell
 * the operator instead of the raw JSON-RPC body. Undefined for any other error.
 */
export function unsupportedRevision(
  error: unknown,
): { requested?: string; supported: string[]; noModern?: boolean } | undefined {
  const e = error as { code?: unknown; data?: unknown; message?: unknown } | null;
  const data = (e?.data ?? {}) as { requested?: unknown; supported?: unknown };
  const message = typeof e?.message === 'string' ? e.message : '';
  // A pinned 2026 connect to a server whose server/discover did not offer the revision (a 2025-only server).
  if (/did not offer pinned protocol version|no modern overlap/i.test(message))
    return { requested: MODERN_REVISION, supported: [], noModern: true };
  // ERA_NEGOTIATION_FAILED also covers a probe that never reached the server (a network outage): only a version answer counts.
  const refused =
    e?.code === -32022 || /-32022|Unsupported protocol version|no (mutual|common) (protocol )?version/i.test(message);
  if (!refused) return undefined;
  const supported = Array.isArray(data.supported)
    ? data.supported.filter((v): v is string => typeof v === 'string')
    : [];
  const named = /"supported":\s*\[([^\]]*)\]/.exec(message)?.[1];
  if (supported.length === 0 && named)
    supported.push(
      ...named
        .split(',')
        .map((v) => v.trim().replace(/^"|"$/g, ''))
        .filter(Boolean),
    );
  return {
    ...(typeof data.requested === 'string' && REVISION.test(data.requested) && { requested: data.requested }),
    supported,
  };
}
