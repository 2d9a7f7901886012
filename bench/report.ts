import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Shared by every scenario: summary statistics, the result shape written to bench/results.json, and
 * the markdown table. Every metric carries the baseline it was measured against in the same run.
 */
export interface Summary {
  median: number;
  min: number;
  max: number;
  /** How many samples the summary was taken over. */
  n: number;
}

export interface Target {
  /** What the issue asks for, in words: "≤ 1.3× the slowest single server". */
  text: string;
  /** Which figure is checked: the ratio to the baseline, or the median itself. */
  on: 'ratio' | 'median';
  op: '<=' | '<';
  value: number;
}

export interface Metric {
  id: string;
  label: string;
  unit: string;
  median: number;
  min: number;
  max: number;
  n: number;
  baseline: Summary & { label: string };
  /** median / baseline.median; with `paired`, the median of the per-repetition ratios. */
  ratio: number;
  /**
   * Each repetition's own ratio, when both sides ran interleaved within it (ABBA): a drift of the machine's
   * speed between repetitions then cancels out, which dividing one side's median by the other's does not.
   */
  paired?: Summary;
  target: Target | null;
  /** null when there is no target for this figure (reported only). */
  pass: boolean | null;
  note?: string;
}

export interface ScenarioResult {
  id: string;
  title: string;
  status: 'ran' | 'skipped' | 'failed';
  /** Why it was skipped or failed. */
  reason?: string;
  /** The headline: the scenario's first targeted metric. */
  median: number | null;
  min: number | null;
  max: number | null;
  baseline: (Summary & { label: string }) | null;
  ratio: number | null;
  target: Target | null;
  /** Every targeted metric passed (null if none ran). */
  pass: boolean | null;
  metrics: Metric[];
  notes: string[];
  durationMs: number;
}

export interface BenchContext {
  quick: boolean;
  log: (line: string) => void;
}

export type Scenario = (ctx: BenchContext) => Promise<{ metrics: Metric[]; notes: string[]; skipped?: string }>;

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { median: NaN, min: NaN, max: NaN, n: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], n: sorted.length };
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function metric(fields: {
  id: string;
  label: string;
  unit: string;
  values: readonly number[] | Summary;
  baseline: { label: string; values: readonly number[] | Summary };
  /** Repetition i of `values` ran interleaved with repetition i of the baseline's: the ratio is taken per pair. */
  paired?: boolean;
  target?: Target;
  note?: string;
}): Metric {
  const own = Array.isArray(fields.values) ? summarize(fields.values as number[]) : (fields.values as Summary);
  const base = Array.isArray(fields.baseline.values)
    ? summarize(fields.baseline.values as number[])
    : (fields.baseline.values as Summary);
  const ownValues = fields.values as readonly number[];
  const baseValues = fields.baseline.values as readonly number[];
  const paired =
    fields.paired && Array.isArray(ownValues) && Array.isArray(baseValues) && ownValues.length === baseValues.length
      ? summarize(ownValues.map((value, i) => value / baseValues[i]))
      : undefined;
  const ratio = paired
    ? paired.median
    : base.median === 0
      ? own.median === 0
        ? 1
        : Infinity
      : own.median / base.median;
  const target = fields.target ?? null;
  let pass: boolean | null = null;
  if (target) {
    const value = target.on === 'ratio' ? ratio : own.median;
    pass = target.op === '<=' ? value <= target.value : value < target.value;
  }
  return {
    id: fields.id,
    label: fields.label,
    unit: fields.unit,
    ...own,
    baseline: { label: fields.baseline.label, ...base },
    ratio,
    paired,
    target,
    pass,
    note: fields.note,
  };
}

export async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

export function timeSync(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

let gcFn: (() => void) | undefined;
/** gc() without --expose-gc on the command line: flipping the flag at run time exposes it to a new context. */
export function gc(): void {
  if (!gcFn) {
    setFlagsFromString('--expose-gc');
    gcFn = runInNewContext('gc') as () => void;
  }
  gcFn();
  gcFn();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const fmt = (value: number | null | undefined, unit = ''): string => {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return '∞';
  const abs = Math.abs(value);
  const text =
    abs >= 1000
      ? value.toFixed(0)
      : abs >= 100
        ? value.toFixed(1)
        : abs >= 10
          ? value.toFixed(2)
          : abs >= 1
            ? value.toFixed(2)
            : value.toFixed(3);
  return unit ? `${text} ${unit}` : text;
};

export const formatRatio = (ratio: number): string =>
  Number.isFinite(ratio) ? `${ratio >= 100 ? ratio.toFixed(0) : ratio.toFixed(2)}×` : '∞';

export function markdownTable(results: readonly ScenarioResult[]): string {
  const rows = [
    '| Scenario | Metric | Median | Min | Max | Baseline (median) | Ratio | Target | Pass |',
    '|---|---|---:|---:|---:|---|---:|---|:---:|',
  ];
  for (const scenario of results) {
    if (scenario.status !== 'ran') {
      rows.push(`| ${scenario.title} | ${scenario.status}: ${scenario.reason ?? ''} | | | | | | | – |`);
      continue;
    }
    for (const m of scenario.metrics) {
      const pass = m.pass === null ? '–' : m.pass ? '✅' : '❌';
      rows.push(
        `| ${scenario.title} | ${m.label} | ${fmt(m.median, m.unit)} | ${fmt(m.min, m.unit)} | ${fmt(m.max, m.unit)} | ${m.baseline.label}: ${fmt(m.baseline.median, m.unit)} | ${formatRatio(m.ratio)}${m.paired ? ` (per repetition ${formatRatio(m.paired.min)}–${formatRatio(m.paired.max)})` : ''} | ${m.target?.text ?? '–'} | ${pass} |`,
      );
    }
  }
  return rows.join('\n');
}

export function toScenarioResult(
  id: string,
  title: string,
  outcome: { metrics: Metric[]; notes: string[]; skipped?: string },
  durationMs: number,
): ScenarioResult {
  const headline = outcome.metrics.find((m) => m.target) ?? outcome.metrics[0];
  const targeted = outcome.metrics.filter((m) => m.pass !== null);
  return {
    id,
    title,
    status: outcome.skipped && outcome.metrics.length === 0 ? 'skipped' : 'ran',
    reason: outcome.skipped,
    median: headline?.median ?? null,
    min: headline?.min ?? null,
    max: headline?.max ?? null,
    baseline: headline?.baseline ?? null,
    ratio: headline?.ratio ?? null,
    target: headline?.target ?? null,
    pass: targeted.length ? targeted.every((m) => m.pass) : null,
    metrics: outcome.metrics,
    notes:
      outcome.skipped && outcome.metrics.length
        ? [`partly skipped: ${outcome.skipped}`, ...outcome.notes]
        : outcome.notes,
    durationMs,
  };
}
