import type { Page } from '@playwright/test';
import { metric, type Metric } from './report';
import { navButton, openConsole, scrollFrames } from './support/console-page';
import type { BenchHost } from './support/host';

const TREE_ROW = '[role="tree"] [role="treeitem"]';

interface Options {
  big: BenchHost;
  small: BenchHost;
  reps: number;
  quick: boolean;
  log: (line: string) => void;
}

/**
 * The intent tree at scale: `big`'s tree has 5,050 nodes (50 categories, 5,000 MCP leaves), all expanded. Click on
 * "Intent tree" → first rows in a frame (baseline: the default config's 9 nodes), then long tasks and frame times
 * while categories are collapsed and expanded and while the tree is scrolled.
 */
export async function measureIntentTree(
  page: Page,
  { big, small, reps, quick, log }: Options,
): Promise<{ metrics: Metric[]; notes: string[]; skipped?: string }> {
  await openConsole(page, small, 'chat');
  if ((await navButton(page, /^Intent tree/).count()) === 0)
    return { metrics: [], notes: [], skipped: 'Intent tree: no "Intent tree" button in the navigation' };
  const times: number[] = [];
  const base: number[] = [];
  for (let rep = 0; rep < reps + 1; rep++) {
    const [tBig, tSmall] = [await timeTreePage(page, big), await timeTreePage(page, small)];
    if (rep === 0) continue; // warm-up
    times.push(tBig);
    base.push(tSmall);
    log(`  Intent tree first rows: 5,050 nodes ${tBig.toFixed(0)} ms; default config ${tSmall.toFixed(0)} ms`);
  }
  await timeTreePage(page, big);
  const rows = Number(await page.locator('[role="tree"]').getAttribute('data-rows'));
  // Collapse and expand the first category again and again (100 rows out, then in), recording long tasks and frames.
  const toggles = quick ? 6 : 12;
  let toggled: { longTasks: number[]; p95: number; p50: number; max: number; frames: number } | undefined;
  const toggleTasks = await mainThreadTasks(page, async () => {
    await page.evaluate('window.__bench.startRecording()');
    for (let i = 0; i < toggles; i++) {
      await page.locator(`${TREE_ROW}[aria-expanded] .tree-toggle`).first().click();
      await page.evaluate('window.__bench.idle(50)');
    }
    toggled = (await page.evaluate('window.__bench.stopRecording()')) as typeof toggled;
  });
  if (!toggled) throw new Error('the toggles were not recorded');
  const longestByCpu = toggleTasks.reduce((most, task) => (task.cpuMs > most.cpuMs ? task : most), {
    wallMs: 0,
    cpuMs: 0,
  });
  const scroll = await scrollFrames(page, '[role="tree"]', quick ? 120 : 240);
  log(
    `  Intent tree: ${toggles} expand/collapse ${toggled.longTasks.length} long tasks; scrolling ${scroll.longTasks} long tasks, p95 frame ${scroll.p95.toFixed(1)} ms`,
  );
  const metrics = [
    metric({
      id: 'ui.intents-first-rows',
      label: `Intent tree, ${rows.toLocaleString('en')} visible nodes: click → first rows in a frame`,
      unit: 'ms',
      values: times,
      baseline: { label: 'default config (9 nodes)', values: base },
      target: { text: '< 300 ms', on: 'median', op: '<', value: 300 },
    }),
    metric({
      id: 'ui.intents-long-tasks',
      label: `Intent tree, ${rows.toLocaleString('en')} nodes: long tasks (> 50 ms) while expanding/collapsing ${toggles}× and scrolling ${scroll.frames} frames`,
      unit: 'tasks',
      values: [toggled.longTasks.length + scroll.longTasks],
      baseline: { label: 'expanding/collapsing alone', values: [toggled.longTasks.length] },
      target: { text: 'no long task', on: 'median', op: '<=', value: 0 },
      note: toggled.longTasks.length
        ? `longest while toggling ${Math.max(...toggled.longTasks).toFixed(0)} ms`
        : undefined,
    }),
    metric({
      id: 'ui.intents-toggle-cpu',
      label: `Intent tree: the costliest main-thread task while expanding/collapsing ${toggles}×, in CPU time (thread time from a Chrome trace: load inflates its wall time, not this)`,
      unit: 'ms',
      values: [longestByCpu.cpuMs],
      baseline: { label: 'the same task in wall time', values: [longestByCpu.wallMs] },
    }),
    metric({
      id: 'ui.intents-scroll-p95',
      label: `Intent tree scrolling ${scroll.frames} frames (p95 frame time; max ${scroll.max.toFixed(0)} ms)`,
      unit: 'ms',
      values: { median: scroll.p95, min: scroll.p50, max: scroll.max, n: scroll.frames },
      baseline: {
        label: 'idle frames, same page (p95)',
        values: { median: scroll.idleP95, min: scroll.idleP50, max: scroll.idleMax, n: scroll.frames },
      },
    }),
  ];
  const notes = [
    'Intent tree: first rows = the first animation frame after a treeitem is in the DOM, timed in the page from the click on "Intent tree" (coming from Chat, with intents.get and the catalog fetched on the way). Past 150 visible rows only the rows in view are rendered (@tanstack/react-virtual).',
  ];
  return { metrics, notes };
}

async function timeTreePage(page: Page, host: BenchHost): Promise<number> {
  await openConsole(page, host, 'chat');
  await page.evaluate('window.__bench.idle(300)');
  return page.evaluate(
    `window.__bench.timeToFirst(() => window.__bench.clickNav('Intent tree'), '${TREE_ROW}')`,
  ) as Promise<number>;
}

/** Every task of the page's main thread over 10 ms of wall time while `run` runs: its wall and CPU (thread) time. */
async function mainThreadTasks(page: Page, run: () => Promise<void>): Promise<{ wallMs: number; cpuMs: number }[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to trace');
  await browser.startTracing(page, { categories: ['toplevel'] });
  const ran = await run().then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  if (ran) throw ran.error;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  return events
    .filter(
      (e) =>
        e.name === 'ThreadControllerImpl::RunTask' &&
        e.pid === main?.pid &&
        e.tid === main?.tid &&
        (e.dur ?? 0) > 10_000,
    )
    .map((e) => ({ wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
}

interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}
