import { listMcpLeaves, type IntentNode, type McpLeaf, type Skill } from '../src/shared/config/schema';
import { localToolDefinitions, resolveCatalog, visibleTools, type Catalog, type CatalogInput, type CatalogServerInput, type ModelToolDefinition, type ToolDefinition } from '../src/shared/catalog';
import { gc, metric, summarize, timeSync, type Metric, type Scenario } from './report';

/**
 * Scenario 3: the catalog at scale. 1× = 20 servers × 500 tools, 5,000 intent nodes, 50 skills;
 * 10× and 100× multiply every dimension except the server count. Measured: resolveCatalog after a
 * rediscovery (a new servers snapshot, so the offer index is rebuilt), after an intent edit (offers
 * memoised), the lazily built reconciliation rows, and visibleTools for one model call. Baselines: a
 * naive scan-based resolver and visible set written the obvious way (at 1×), and the 1× size for growth.
 */
const SERVERS = 20;

export const catalogScaleScenario: Scenario = async ({ quick, log }) => {
  const scales = quick ? [1, 10] : [1, 10, 100];
  const reps: Record<number, number> = quick ? { 1: 15, 10: 3 } : { 1: 41, 10: 7, 100: 3 };
  const loaded = ['skill_1', 'skill_2'];
  const results = new Map<number, { scratch: number[]; rediscovery: number[]; edit: number[]; entries: number[]; visible: number[]; tools: number; bindings: number; visibleCount: number }>();
  let naive: { resolve: number[]; visible: number[] } | undefined;

  for (const scale of scales) {
    gc();
    const input = buildInput(scale);
    const tools = input.servers.reduce((n, s) => n + s.tools.length, 0);
    const r = { scratch: [] as number[], rediscovery: [] as number[], edit: [] as number[], entries: [] as number[], visible: [] as number[], tools, bindings: 0, visibleCount: 0 };
    let current: CatalogInput = fresh(input);
    resolveCatalog(current);
    for (let i = 0; i < (scale === 1 ? 5 : 1); i++) resolveCatalog(rediscovered(current, i)); // JIT warm-up
    const timed = (next: CatalogInput) => {
      let catalog: Catalog | undefined;
      const ms = timeSync(() => (catalog = resolveCatalog(next)));
      current = next;
      return { ms, catalog: catalog! };
    };
    for (let rep = 0; rep < reps[scale]; rep++) {
      // Start-up: every server just connected, the config just parsed: nothing to reuse.
      const scratch = timed(fresh(input));
      r.scratch.push(scratch.ms);
      // One server's tools listed again (list_changed, a reconnect): new definitions from that server only.
      r.rediscovery.push(timed(rediscovered(current, rep)).ms);
      // The operator saved the config: every node and skill parsed again, servers unchanged.
      const edit = timed(reparsed(current));
      r.edit.push(edit.ms);
      gc();
      r.entries.push(timeSync(() => edit.catalog.entries.length));
      r.bindings = edit.catalog.bindings.length;
      for (let v = 0; v < (scale === 1 ? 20 : 3); v++) {
        let sent: ModelToolDefinition[] = [];
        r.visible.push(timeSync(() => (sent = visibleTools(edit.catalog, loaded))));
        r.visibleCount = sent.length;
      }
    }
    results.set(scale, r);
    log(`  ${scale}×: ${tools} tools, ${r.bindings} bindings; resolve from scratch ${summarize(r.scratch).median.toFixed(1)} ms, after a rediscovery ${summarize(r.rediscovery).median.toFixed(1)} ms, after a config edit ${summarize(r.edit).median.toFixed(1)} ms; visibleTools ${summarize(r.visible).median.toFixed(3)} ms`);

    if (scale === 1) {
      const n = { resolve: [] as number[], visible: [] as number[] };
      for (let rep = 0; rep < (quick ? 3 : 5); rep++) {
        let bindings: NaiveBinding[] = [];
        gc();
        n.resolve.push(timeSync(() => (bindings = naiveResolve(input))));
        for (let v = 0; v < 5; v++) n.visible.push(timeSync(() => naiveVisible(bindings, input, loaded)));
      }
      naive = n;
      log(`  naive scan at 1×: resolve ${summarize(n.resolve).median.toFixed(0)} ms, visible set ${summarize(n.visible).median.toFixed(2)} ms`);
    }
  }

  const one = results.get(1)!;
  const under10 = { text: '< 10 ms median', on: 'median', op: '<', value: 10 } as const;
  const metrics: Metric[] = [
    metric({ id: 'catalog.resolve', label: `resolveCatalog after a rediscovery, 1× (${one.tools} tools, ${one.bindings} bindings)`, unit: 'ms', values: one.rediscovery, baseline: { label: 'naive scan resolver', values: naive!.resolve }, target: under10 }),
    metric({ id: 'catalog.resolve-edit', label: 'resolveCatalog after a config edit, 1× (every node re-parsed)', unit: 'ms', values: one.edit, baseline: { label: 'naive scan resolver', values: naive!.resolve }, target: under10 }),
    metric({
      id: 'catalog.resolve-scratch',
      label: 'resolveCatalog from scratch, 1× (all 20 servers and the config new at once: nothing to reuse)',
      unit: 'ms',
      values: one.scratch,
      baseline: { label: 'naive scan resolver', values: naive!.resolve },
      note: 'the app never resolves this way: servers connect one by one, each a rediscovery; the one-shot `switchboard catalog` CLI does',
    }),
    metric({
      id: 'catalog.visible',
      label: `visibleTools for one model call, 1× (${one.visibleCount} tools sent)`,
      unit: 'ms',
      values: one.visible,
      baseline: { label: 'naive visible set', values: naive!.visible },
      target: { text: '< 1 ms median', on: 'median', op: '<', value: 1 },
    }),
    metric({ id: 'catalog.entries', label: 'reconciliation rows (catalog.entries, built lazily for the console), 1×', unit: 'ms', values: one.entries, baseline: { label: 'resolveCatalog from scratch', values: one.scratch } }),
  ];
  for (const scale of scales.slice(1)) {
    const r = results.get(scale)!;
    const perUnit = (m: number[], base: number[]) => (summarize(m).median / summarize(base).median / scale).toFixed(2);
    metrics.push(
      metric({
        id: `catalog.resolve.${scale}x`,
        label: `resolveCatalog from scratch at ${scale}× (${r.tools.toLocaleString('en')} tools)`,
        unit: 'ms',
        values: r.scratch,
        baseline: { label: '1×', values: one.scratch },
        note: `cost per tool vs 1×: ${perUnit(r.scratch, one.scratch)} (1.00 = linear)`,
      }),
      metric({
        id: `catalog.rediscovery.${scale}x`,
        label: `resolveCatalog after a rediscovery at ${scale}×`,
        unit: 'ms',
        values: r.rediscovery,
        baseline: { label: '1×', values: one.rediscovery },
        note: `cost per tool vs 1×: ${perUnit(r.rediscovery, one.rediscovery)}`,
      }),
      metric({
        id: `catalog.visible.${scale}x`,
        label: `visibleTools at ${scale}× (${r.visibleCount.toLocaleString('en')} tools sent)`,
        unit: 'ms',
        values: r.visible,
        baseline: { label: '1×', values: one.visible },
        note: `cost per tool vs 1×: ${perUnit(r.visible, one.visible)}`,
      }),
    );
  }
  return {
    metrics,
    notes: [
      'Ratios: the 1× rows are against a naive scan-based resolver/visible set written in the bench (per toolId: filter all nodes, scan every server, scan every skill; localeCompare sort); the 10×/100× rows are against the 1× size (10× and 100× would be linear).',
      'A rediscovery replaces one server\'s state with new definition objects (as tools/list returns them; at start-up each server arriving is one); a config edit deep-copies every node and skill (as a re-parse does); from scratch does both for everything at once, which only the one-shot CLI does.',
      ...metrics.filter((m) => m.note).map((m) => `${m.label}: ${m.note}.`),
      `Each scale: 20 servers with 5% of names shared with the previous server (shadowing), 2% of nodes naming a tool nobody offers, 10% with a description override, every skill unlocking 20 tools; visibleTools with 2 skills loaded. Repetitions: ${scales.map((s) => `${s}×: ${reps[s]}`).join(', ')}.`,
    ],
  };
};

/** New objects for everything, as at start-up. */
function fresh(input: CatalogInput): CatalogInput {
  return { ...reparsed(input), servers: input.servers.map((s) => ({ ...s, tools: s.tools.map((t) => ({ ...t })) })) };
}

/** Server `k` (of 20) listed again: a new state object with new definition objects. */
function rediscovered(input: CatalogInput, k: number): CatalogInput {
  const at = k % input.servers.length;
  return { ...input, servers: input.servers.map((s, i) => (i === at ? { ...s, tools: s.tools.map((t) => ({ ...t })) } : s)) };
}

/** The config parsed again: equal content, new objects. */
function reparsed(input: CatalogInput): CatalogInput {
  return { ...input, intents: structuredClone(input.intents) as IntentNode[], skills: structuredClone(input.skills) as Skill[] };
}

/** Deterministic inputs at `scale` × the issue's size. */
export function buildInput(scale: number): CatalogInput {
  const perServer = 500 * scale;
  const stride = Math.round(perServer * 0.95); // each server shares 5% of its names with the previous one
  const names = SERVERS * stride + (perServer - stride);
  const servers: CatalogServerInput[] = Array.from({ length: SERVERS }, (_, s) => {
    const schema = { type: 'object' as const, properties: { query: { type: 'string', description: `what to look up on server ${s}` }, limit: { type: 'integer' } }, required: ['query'] };
    const readOnly = { readOnlyHint: true };
    const tools: ToolDefinition[] = Array.from({ length: perServer }, (_, t) => {
      const name = `tool_${s * stride + t}`;
      return { name, description: `Looks up ${name} records for the customer and returns them as JSON.`, inputSchema: schema, annotations: readOnly };
    });
    return { name: `server_${s}`, status: 'connected', tools };
  });
  const leavesPerCategory = 100;
  const leafCount = 5_000 * scale;
  const intents: IntentNode[] = Array.from({ length: leafCount / leavesPerCategory }, (_, c) => ({
    id: `category_${c}`,
    name: `Category ${c}`,
    kind: 'category',
    examples: [],
    children: Array.from({ length: leavesPerCategory }, (_, i): McpLeaf => {
      const j = c * leavesPerCategory + i;
      return {
        id: `node_${j}`,
        name: `Node ${j}`,
        kind: 'mcp',
        toolId: j % 50 === 49 ? `missing_${j}` : `tool_${(j * 2) % names}`,
        confirm: 'auto',
        examples: [],
        ...(j % 10 === 0 ? { description: `Operator wording for node ${j}` } : {}),
      };
    }),
  }));
  const skills: Skill[] = Array.from({ length: 50 * scale }, (_, k) => ({
    name: `skill_${k}`,
    description: `Skill ${k}`,
    manual: '',
    unlocks: Array.from({ length: 20 }, (_, i) => `tool_${((k * 20 + i) * 4) % names}`),
  }));
  return { servers, intents, skills, localTools: localToolDefinitions(skills.slice(0, 50)) };
}

interface NaiveBinding {
  toolId: string;
  server: string;
  nodes: McpLeaf[];
  modelDefinition: ModelToolDefinition;
}

/** The obvious first implementation: for each configured toolId, filter the nodes, scan every server, sort with localeCompare. */
function naiveResolve(input: CatalogInput): NaiveBinding[] {
  const leaves = listMcpLeaves(input.intents as IntentNode[]);
  const toolIds = [...new Set(leaves.map((l) => l.toolId))].sort((a, b) => a.localeCompare(b));
  const bindings: NaiveBinding[] = [];
  for (const toolId of toolIds) {
    const nodes = leaves.filter((l) => l.toolId === toolId);
    for (const server of input.servers) {
      if (server.status !== 'connected') continue;
      const definition = server.tools.find((t) => t.name === toolId);
      if (!definition) continue;
      const description = nodes.find((n) => n.description !== undefined)?.description ?? definition.description ?? '';
      bindings.push({ toolId, server: server.name, nodes, modelDefinition: { name: toolId, description, inputSchema: definition.inputSchema } });
      break;
    }
  }
  return bindings;
}

/** The obvious visible set: for each binding, scan every skill's unlock list. */
function naiveVisible(bindings: NaiveBinding[], input: CatalogInput, loaded: string[]): ModelToolDefinition[] {
  const out = [...(input.localTools ?? [])];
  for (const binding of bindings) {
    const gating = input.skills.filter((s) => s.unlocks.includes(binding.toolId));
    if (gating.length === 0 || gating.some((s) => loaded.includes(s.name))) out.push(binding.modelDefinition);
  }
  return out;
}
