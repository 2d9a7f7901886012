// `npm run bench [-- --quick] [-- --only=startup,ui]`: runs every scenario end to end, prints a markdown
// table, writes bench/results.json. Every figure is a ratio against a baseline measured in this run.
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { bigDescriptionScenario } from './big-description';
import { catalogScaleScenario } from './catalog-scale';
import { eventLoopScenario } from './event-loop';
import { memoryScenario } from './memory';
import { recordsIndexScenario } from './records-index';
import { markdownTable, toScenarioResult, type BenchContext, type Scenario, type ScenarioResult } from './report';
import { startupScenario } from './startup';
import { tokensScenario } from './tokens-per-turn';
import { toolCallScenario } from './tool-call';
import { tracingScenario } from './tracing';
import { uiScenario } from './ui';

const SCENARIOS: { id: string; title: string; run: Scenario }[] = [
  { id: 'startup', title: '1. Start-up discovery', run: startupScenario },
  { id: 'tool-call', title: '2. Tool-call overhead', run: toolCallScenario },
  { id: 'tracing', title: '2c. Tool-call overhead with tracing on', run: tracingScenario },
  { id: 'turn', title: '2b. A turn with a 300 KB description', run: bigDescriptionScenario },
  { id: 'catalog', title: '3. Catalog at scale', run: catalogScaleScenario },
  { id: 'tokens', title: '4. Tokens per turn', run: tokensScenario },
  { id: 'ui', title: '5. UI at scale', run: uiScenario },
  { id: 'memory', title: '6. Memory', run: memoryScenario },
  { id: 'event-loop', title: '7. Event-loop delay', run: eventLoopScenario },
  { id: 'records-index', title: '8. First Records page vs the whole index', run: recordsIndexScenario },
];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const ctx: BenchContext = { quick, log: (line) => console.error(line) };
  const started = performance.now();
  const loadAtStart = loadavg()[0];
  const results: ScenarioResult[] = [];
  for (const scenario of SCENARIOS) {
    if (only && !only.includes(scenario.id)) continue;
    ctx.log(`▶ ${scenario.title}${quick ? ' (quick)' : ''}`);
    const t0 = performance.now();
    try {
      const outcome = await scenario.run(ctx);
      if (outcome.skipped) ctx.log(`  skipped: ${outcome.skipped}`);
      results.push(toScenarioResult(scenario.id, scenario.title, outcome, performance.now() - t0));
    } catch (error) {
      const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
      ctx.log(`  FAILED: ${reason}`);
      results.push({
        ...toScenarioResult(scenario.id, scenario.title, { metrics: [], notes: [] }, performance.now() - t0),
        status: 'failed',
        reason: firstLine(reason),
        pass: false,
      });
    }
    ctx.log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  const hostNode = process.env.BENCH_HOST_NODE;
  const report = {
    generatedAt: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      // BENCH_HOST_NODE: the measured hosts ran on this binary instead (bench/support/host.ts).
      ...(hostNode ? { hostNode } : {}),
      platform: process.platform,
    },
    // The machine is shared: the 1-minute load average says how much else was running.
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    durationMs: Math.round(performance.now() - started),
    scenarios: results,
  };
  await writeFile(fileURLToPath(new URL('./results.json', import.meta.url)), `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `## Switchboard benchmarks (${report.mode}, ${report.machine.cpus} cores, Node ${process.version}${hostNode ? ` (hosts: ${hostNode})` : ''}, load average ${report.loadAverage.start.toFixed(1)} → ${report.loadAverage.end.toFixed(1)})\n`,
  );
  console.log(markdownTable(results));
  for (const r of results) {
    if (r.notes.length === 0) continue;
    console.log(`\n**${r.title}**`);
    for (const note of r.notes) console.log(`- ${note}`);
  }
  const failed = results.filter((r) => r.pass === false);
  console.log(
    `\n${results.length} scenarios in ${(report.durationMs / 1000).toFixed(0)} s; ${failed.length ? `targets missed: ${failed.map((r) => r.id).join(', ')}` : 'every target met'}. Results: bench/results.json`,
  );
  // Benchmarks are not tests: a missed target is reported, not an exit code. A crashed scenario is.
  process.exitCode = results.some((r) => r.status === 'failed') ? 1 : 0;
}

const firstLine = (text: string) => text.split('\n')[0];

await main();
// Lingering handles (a stuck child's pipe) must not keep the process alive after the report.
process.exit(process.exitCode ?? 0);
