import { countCatalog, type CatalogCounts } from './catalog-counts';
import type { ToolState } from './types';

/**
 * The tool pipeline as a funnel (PIPELINE.md, "The funnel"): discovered → mounted → bindings → bound → sent. Every
 * stage is a set of catalog rows, so a stage's count is the size of its filter; the drops between stages are
 * states, counted with the one definition in catalog-counts.
 */
export type FunnelStage = 'discovered' | 'mounted' | 'bindings' | 'bound' | 'sent';
export const FUNNEL_STAGES: readonly FunnelStage[] = ['discovered', 'mounted', 'bindings', 'bound', 'sent'];

export interface FunnelDrop {
  state: ToolState;
  count: number;
}

export interface FunnelStageCount {
  stage: FunnelStage;
  count: number;
  /** What leaves between the previous stage and this one, by state. */
  dropped: readonly FunnelDrop[];
}

export interface ToolFunnel {
  stages: readonly FunnelStageCount[];
  /** Configured toolIds no server offers: beside the funnel, never in it. */
  unavailable: number;
  /** Discovered rows per server, in the order given. */
  perServer: readonly { server: string; count: number }[];
  counts: CatalogCounts;
}

interface Row {
  toolId: string;
  server: string | null;
  state: ToolState;
}

/**
 * `sent`: the remote tool names one model call received (its step's tools whose source is a server); null when no
 * call is known, and then the stage counts the bound tools plus none of the gated ones.
 * A `reserved` copy is dropped between mounted and bindings whether or not a node names it: no node can mount it.
 */
export function toolFunnel(
  rows: readonly Row[],
  servers: readonly string[],
  sent: ReadonlySet<string> | null,
): ToolFunnel {
  const counts = countCatalog(rows.map((row) => row.state));
  const s = counts.byState;
  const perServerMap = new Map(servers.map((name) => [name, 0]));
  let sentCount = 0;
  for (const row of rows) {
    if (row.server !== null) perServerMap.set(row.server, (perServerMap.get(row.server) ?? 0) + 1);
    if (sent && inStage(row, 'sent', sent)) sentCount++;
  }
  const discovered = counts.tools - s.unavailable;
  const drop = (...states: ToolState[]) =>
    states.map((state) => ({ state, count: s[state] })).filter((d) => d.count > 0);
  const stages: FunnelStageCount[] = [
    { stage: 'discovered', count: discovered, dropped: [] },
    { stage: 'mounted', count: discovered - s.unmounted, dropped: drop('unmounted') },
    { stage: 'bindings', count: counts.bindings, dropped: drop('shadowed', 'reserved', 'quarantined') },
    { stage: 'bound', count: s.bound, dropped: drop('gated', 'appOnly') },
    // A loaded skill brings gated tools back: the last stage can be larger than `bound`.
    { stage: 'sent', count: sent ? sentCount : s.bound, dropped: [] },
  ];
  return {
    stages,
    unavailable: s.unavailable,
    perServer: [...perServerMap].map(([server, count]) => ({ server, count })),
    counts,
  };
}

/** Whether a row belongs to a stage: the Tools list filter behind a click on the funnel. */
export function inStage(row: Row, stage: FunnelStage, sent: ReadonlySet<string> | null): boolean {
  if (row.server === null) return false;
  switch (stage) {
    case 'discovered':
      return true;
    case 'mounted':
      return row.state !== 'unmounted';
    case 'bindings':
      return row.state === 'bound' || row.state === 'gated' || row.state === 'appOnly';
    case 'bound':
      return row.state === 'bound';
    case 'sent':
      return sent ? (row.state === 'bound' || row.state === 'gated') && sent.has(row.toolId) : row.state === 'bound';
  }
}

/** The remote tools one model call received: its tools whose source is a server (local tools say `local`). */
export function sentRemoteTools(
  step: { tools: readonly { name: string; source: string }[] } | undefined,
): Set<string> | null {
  return step ? new Set(step.tools.filter((tool) => tool.source !== 'local').map((tool) => tool.name)) : null;
}
