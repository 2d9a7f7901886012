import {
  createCatalogResolver,
  resolveCatalog,
  visibleTools,
  type Catalog,
  type CatalogInput,
  type CatalogResolver,
  type ModelToolDefinition,
} from '../src/shared/catalog';
import { gc, metric, summarize, timeSync, type Metric, type Scenario } from './report';
import { buildInput, edited, fresh, PER_SERVER, rediscovered, withPins } from './support/catalog-inputs';
import { naiveResolve, naiveVisible, type NaiveBinding } from './support/naive-catalog';

/**
 * Scenario 3: the catalog at scale. 1× = 20 servers × 500 tools, 5,000 intent nodes, 50 skills; 10× and 100×
 * multiply the servers, nodes and skills (a server keeps its 500 tools, so a rediscovery lists the same amount
 * at every scale and its cost must not follow the catalog's). Measured with the resolver CatalogService owns,
 * fed the pins main gives it (fingerprints, pins, accepted bindings): after one server's rediscovery, after a
 * config edit, the lazily built reconciliation rows and visibleTools for one model call; and resolveCatalog from
 * scratch (a fresh resolver, everything new, as the one-shot CLI resolves). Baselines: a naive scan-based
 * resolver and visible set (at 1×), and the 1× figure for growth.
 */

export const catalogScaleScenario: Scenario = async ({ quick, log }) => {
  const scales = quick ? [1, 10] : [1, 10, 100];
  const reps: Record<number, number> = quick ? { 1: 15, 10: 10 } : { 1: 41, 10: 31, 100: 11 };
  const scratchReps: Record<number, number> = quick ? { 1: 9, 10: 3 } : { 1: 21, 10: 7, 100: 3 };
  const loaded = ['skill_1', 'skill_2'];
  const results = new Map<number, ScaleResult>();
  let naive: { resolve: number[]; visible: number[] } | undefined;
  let oneRig: Rig | undefined;

  for (const scale of scales) {
    gc();
    const rig = rigFor(scale);
    const r: ScaleResult = {
      scratch: [],
      rediscovery: [],
      edit: [],
      entries: [],
      visible: [],
      tools: rig.tools,
      bindings: 0,
      visibleCount: 0,
      pairs: { rediscovery: [], scratch: [] },
    };
    for (let i = 0; i < (scale === 1 ? 3 : 1); i++) resolveCatalog(fresh(rig.base)); // JIT warm-up
    if (scale === 1) {
      oneRig = rig;
      for (let rep = 0; rep < scratchReps[1]; rep++) r.scratch.push(fromScratch(rig));
      for (let rep = 0; rep < reps[1]; rep++) {
        if (rep % 5 === 0) gc();
        r.rediscovery.push(rediscover(rig, rep * 7));
      }
    } else {
      // Interleaved with the 1× catalog, alternating which goes first: the load of a shared machine moves within
      // minutes, and each pair's own ratio cancels that out (the target is on the median of those ratios).
      for (let rep = 0; rep < scratchReps[scale]; rep++) {
        const pair =
          rep % 2 === 0 ? [fromScratch(oneRig!), fromScratch(rig)] : [fromScratch(rig), fromScratch(oneRig!)].reverse();
        r.pairs.scratch.push(pair[0]);
        r.scratch.push(pair[1]);
      }
      for (let rep = 0; rep < reps[scale]; rep++) {
        if (rep % 5 === 0) gc();
        const pair =
          rep % 2 === 0
            ? [rediscoverCpu(oneRig!, rep), rediscoverCpu(rig, rep)]
            : [rediscoverCpu(rig, rep), rediscoverCpu(oneRig!, rep)].reverse();
        r.pairs.rediscovery.push(pair[0]);
        r.rediscovery.push(pair[1]);
      }
    }
    for (let rep = 0; rep < Math.max(3, Math.round(reps[scale] / 3)); rep++) {
      // The operator reworded one node and saved: every node and skill parsed again, servers unchanged.
      const next = edited(rig.current, rep);
      gc();
      let catalog: Catalog | undefined;
      r.edit.push(timeSync(() => (catalog = rig.resolver.resolve(next))));
      rig.current = next;
      gc();
      r.entries.push(timeSync(() => catalog!.entries.length));
      r.bindings = catalog!.bindings.length;
      for (let v = 0; v < (scale === 1 ? 20 : 3); v++) {
        let sent: ModelToolDefinition[] = [];
        r.visible.push(timeSync(() => (sent = visibleTools(catalog!, loaded))));
        r.visibleCount = sent.length;
      }
    }
    results.set(scale, r);
    log(
      `  ${scale}×: ${rig.base.servers.length} servers, ${rig.tools} tools, ${r.bindings} bindings; from scratch ${summarize(r.scratch).median.toFixed(1)} ms, after a rediscovery ${summarize(r.rediscovery).median.toFixed(2)} ms, after a config edit ${summarize(r.edit).median.toFixed(1)} ms; visibleTools ${summarize(r.visible).median.toFixed(3)} ms`,
    );

    if (scale === 1) {
      const n = { resolve: [] as number[], visible: [] as number[] };
      for (let rep = 0; rep < (quick ? 3 : 5); rep++) {
        let bindings: NaiveBinding[] = [];
        gc();
        n.resolve.push(timeSync(() => (bindings = naiveResolve(rig.base))));
        for (let v = 0; v < 5; v++) n.visible.push(timeSync(() => naiveVisible(bindings, rig.base, loaded)));
      }
      naive = n;
      log(
        `  naive scan at 1×: resolve ${summarize(n.resolve).median.toFixed(0)} ms, visible set ${summarize(n.visible).median.toFixed(2)} ms`,
      );
    }
  }

  const one = results.get(1)!;
  const under10 = { text: '< 10 ms median', on: 'median', op: '<', value: 10 } as const;
  const metrics: Metric[] = [
    metric({
      id: 'catalog.resolve',
      label: `resolve after a rediscovery, 1× (one server of ${PER_SERVER} tools; ${one.tools} tools, ${one.bindings} bindings)`,
      unit: 'ms',
      values: one.rediscovery,
      baseline: { label: 'naive scan resolver', values: naive!.resolve },
      target: under10,
    }),
    metric({
      id: 'catalog.resolve-edit',
      label: 'resolve after a config edit, 1× (one node reworded, every node re-parsed)',
      unit: 'ms',
      values: one.edit,
      baseline: { label: 'naive scan resolver', values: naive!.resolve },
      target: under10,
    }),
    metric({
      id: 'catalog.resolve-scratch',
      label: 'resolveCatalog from scratch, 1× (all 20 servers and the config new at once: nothing to reuse), CPU time',
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
    metric({
      id: 'catalog.entries',
      label: 'reconciliation rows (catalog.entries, built lazily for the console), 1×',
      unit: 'ms',
      values: one.entries,
      baseline: { label: 'resolveCatalog from scratch', values: one.scratch },
    }),
  ];
  for (const scale of scales.slice(1)) {
    const r = results.get(scale)!;
    const perUnit = (m: number[], base: number[]) => (summarize(m).median / summarize(base).median / scale).toFixed(2);
    metrics.push(
      metric({
        id: `catalog.rediscovery.${scale}x`,
        label: `resolve after a rediscovery at ${scale}× (the same ${PER_SERVER}-tool server size, ${r.tools.toLocaleString('en')} tools in all), CPU time`,
        unit: 'ms',
        values: r.rediscovery,
        baseline: { label: '1×, interleaved', values: r.pairs.rediscovery },
        paired: true,
        // The issue's target is at 10×; at 100× the same bound is reported, not required.
        ...(scale === 10
          ? {
              target: {
                text: '≤ 3× the 1× figure (cost follows the server, not the catalog)',
                on: 'ratio',
                op: '<=',
                value: 3,
              } as const,
            }
          : {}),
      }),
      metric({
        id: `catalog.resolve.${scale}x`,
        label: `resolveCatalog from scratch at ${scale}× (${r.tools.toLocaleString('en')} tools), CPU time`,
        unit: 'ms',
        values: r.scratch,
        baseline: { label: '1×, interleaved', values: r.pairs.scratch },
        paired: true,
        target: { text: `≤ ${scale}× the 1× figure (no worse than linear)`, on: 'ratio', op: '<=', value: scale },
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
      "Ratios: the 1× rows are against a naive scan-based resolver/visible set written in the bench (per toolId: filter all nodes, scan every server, scan every skill; localeCompare sort). The 10×/100× rediscovery and from-scratch rows ran interleaved with the 1× catalog (alternating which went first), and their ratio is the median of each pair's own ratio; they are CPU time (process.cpuUsage; a rediscovery sample is 5 in a row), since on a loaded 2-core machine a few-millisecond wall-time sample is mostly waiting for a core. visibleTools is against the 1× figure.",
      "A rediscovery replaces one server's state with new definition objects (as tools/list returns them) and new fingerprints, as CatalogService passes them; a config edit rewords one node's description and deep-copies every node and skill (as a re-parse does); from scratch makes everything new for a fresh resolver, which only the one-shot CLI does. The heap is collected before each from-scratch resolve and config edit, and every 5th rediscovery, so one measurement does not pay for the garbage of the input built for it.",
      ...metrics.filter((m) => m.note).map((m) => `${m.label}: ${m.note}.`),
      `Each scale: 20 servers per 1× of ${PER_SERVER} tools each, 5% of names shared with the previous server (shadowing), 2% of nodes naming a tool nobody offers, 10% with a description override, every skill unlocking 20 tools; every tool pinned and every binding accepted; visibleTools with 2 skills loaded. Repetitions: ${scales.map((s) => `${s}×: ${scratchReps[s]} from scratch, ${reps[s]} rediscoveries`).join('; ')} (each 10×/100× one paired with a 1× one).`,
    ],
  };
};

interface ScaleResult {
  scratch: number[];
  rediscovery: number[];
  edit: number[];
  entries: number[];
  visible: number[];
  tools: number;
  bindings: number;
  visibleCount: number;
  /** The 1× measurements interleaved with this scale's, pair by pair. */
  pairs: { rediscovery: number[]; scratch: number[] };
}

/** One scale's inputs and the resolver fed them, as CatalogService owns one. */
interface Rig {
  base: CatalogInput;
  tools: number;
  resolver: CatalogResolver;
  current: CatalogInput;
}

function rigFor(scale: number): Rig {
  const base = buildInput(scale);
  const resolver = createCatalogResolver();
  const rig: Rig = {
    base,
    tools: base.servers.reduce((n, s) => n + s.tools.length, 0),
    resolver,
    current: withPins(base, resolver),
  };
  for (let i = 0; i < 5; i++) rediscover(rig, i); // JIT warm-up
  // The config edit's path too, as every other measured path is warmed: unwarmed, `--quick`'s 5 edits ran it in V8's
  // interpreter (its first few took 15-25 ms of CPU on old and new code alike, a warm one 2-5 ms).
  for (let i = 0; i < 5; i++) rig.resolver.resolve((rig.current = edited(rig.current, 1_000 + i)));
  return rig;
}

/** One server's tools listed again (list_changed, a reconnect): new definitions and fingerprints from that server only. */
function rediscover(rig: Rig, k: number): number {
  const next = rediscovered(rig.current, k);
  const ms = timeSync(() => rig.resolver.resolve(next));
  rig.current = next;
  return ms;
}

/**
 * The process's CPU time for 5 rediscoveries in a row, per rediscovery. A ~2 ms wall-time sample on a machine
 * with a run queue of 10+ is mostly time spent waiting for a core; CPU time is what the resolve costs.
 */
function rediscoverCpu(rig: Rig, rep: number): number {
  const inputs = Array.from({ length: 5 }, (_, i) => (rig.current = rediscovered(rig.current, rep * 5 + i)));
  const started = process.cpuUsage();
  for (const input of inputs) rig.resolver.resolve(input);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / inputs.length;
}

/** A fresh resolver, every server and the config new at once; the garbage of building that input collected first. CPU time, as above. */
function fromScratch(rig: Rig): number {
  const next = fresh(rig.base);
  gc();
  const started = process.cpuUsage();
  resolveCatalog(next);
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}
