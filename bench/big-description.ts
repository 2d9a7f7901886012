import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { SwitchboardConfig } from '../src/shared/config/schema';
import { estimateToolTokens, prefetchCatalogTokens } from '../src/main/core/tokens';
import { gc, metric, type Scenario } from './report';
import { startShopFleet } from './support/shop-fleet';
import {
  ACTING_META as META,
  QUERY_ORDER_ARGS as ARGS,
  createProxyRig,
  shopServer,
  trustedShopConfig,
} from './support/proxy-rig';

/**
 * Scenario 2b: a turn with a 300 KB description on a mounted tool (issue 13 §2). Each repetition gives
 * `query_logistics` a new 300 KB description override (English, Chinese and one 100 KB "word": text that
 * was quadratic to count), so its definition is new and uncounted. Then a turn: the model step (visible
 * set and token counts) and 20 query_order calls through the proxy, against 20 bare SDK calls before and
 * after it. Measured twice: right as the definition arrives (its count still running), and once it is
 * counted (as the app counts a definition when the catalog changes) and the garbage of its arrival collected. The
 * event loop's longest block is read during both.
 */
const CALLS = 20;

export const bigDescriptionScenario: Scenario = async ({ quick, log }) => {
  // A turn is 20 calls (~40-50 ms): one scheduler stall of a few ms moves a repetition's ratio by 10%, and single
  // repetitions read 0.8-1.3× on this machine. The median of 7 still moved by ±6% between runs of one build; of 15, a
  // repetition costing ~0.5 s, about half that. `--quick` judged the median of 3 and missed by chance: 9.
  const reps = quick ? 9 : 15;
  const fleet = await startShopFleet(1, 0);
  const server = shopServer(fleet.urls[0]);
  // The default tree, every MCP node trusted (`never`), with `query_logistics`'s description overridden.
  let config: SwitchboardConfig = trustedShopConfig(server, { query_logistics: 'short' });
  const listeners = new Set<(config: SwitchboardConfig) => void>();
  const rig = await createProxyRig(
    {
      current: () => config,
      onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    },
    'sb-bench-big-',
  );
  const { pipeline } = rig;
  // As createCore does: a definition is counted when the catalog changes, not when a step needs it.
  rig.events.subscribe(
    (name) => name === 'catalog.changed' && prefetchCatalogTokens(pipeline.catalog.current().catalog),
  );
  try {
    await rig.open();
    const bare = await rig.connectBare(server);
    const proxy = rig.proxy();
    const runBare = async () => {
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) await bare.callTool({ name: 'query_order', arguments: ARGS, _meta: META });
      return performance.now() - started;
    };
    let callNo = 0;
    const runTurn = async (expected?: string) => {
      const conversation = await rig.store.create('u1001', 'bench');
      const started = performance.now();
      const { ctx, modelStep } = await rig.stepContext(conversation, `t_big_${callNo}`);
      for (let i = 0; i < CALLS; i++)
        await proxy.execute({ id: `call_${++callNo}`, name: 'query_order', arguments: ARGS }, ctx);
      await conversation.resultsWritten();
      const big = modelStep.tools.find((t) => t.name === 'query_logistics');
      if (expected && !(big?.description.startsWith(expected) && big.tokens > 1_000))
        throw new Error('the big description was not in the step');
      return performance.now() - started;
    };
    const change = (rep: number) => {
      revision = rep;
      config = trustedShopConfig(server, { query_logistics: bigDescription(rep) });
      for (const listener of listeners) listener(config);
    };

    // Warm-up, both sides interleaved: the token tables, the connection pool and the JIT, with as many calls as scenario
    // 2's full warm-up (600). After one 20-call turn the proxy's own code still ran unoptimised against a warm SDK path,
    // and the turn read 1.3-1.36× where warm it reads 1.0-1.2× (docs/PERFORMANCE.md, Targets missed, 2b).
    for (let turn = 0; turn < 30; turn++) {
      await runBare();
      await runTurn();
    }
    const arriving = {
      turn: [] as number[],
      bare: [] as number[],
      blockMs: [] as number[],
      bareBlockMs: [] as number[],
    };
    const counted = {
      turn: [] as number[],
      bare: [] as number[],
      blockMs: [] as number[],
      bareBlockMs: [] as number[],
    };
    const delay = monitorEventLoopDelay({ resolution: 1 });
    let revision = 0;
    const longestBlock = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
      delay.reset();
      delay.enable();
      const value = await run();
      delay.disable();
      return [value, delay.max / 1e6];
    };
    const measure = async (into: typeof arriving) => {
      const [before, bareBlock] = await longestBlock(runBare);
      const [turn, block] = await longestBlock(() => runTurn(`revision ${revision}:`));
      into.turn.push(turn);
      into.blockMs.push(block);
      into.bareBlockMs.push(bareBlock);
      into.bare.push((before + (await runBare())) / 2);
    };
    for (let rep = 0; rep < reps; rep++) {
      gc();
      change(2 * rep);
      await measure(arriving);
      change(2 * rep + 1);
      const { catalog } = pipeline.catalog.current();
      await estimateToolTokens([...catalog.localTools, ...catalog.bindings.map((b) => b.modelDefinition)]); // counted
      // The arrival's garbage (the count's pieces, the copies of 300 KB) collected before the counted turn: left, it was
      // one 5-14 ms scavenge landing in whichever 20-call window came next, most often the turn (it allocates more), a
      // cost of the arrival rather than of a turn with the definition mounted. A full GC slows the window after it, so
      // one unmeasured bare round goes first. The arriving measurement above keeps the arrival's whole cost.
      gc();
      await runBare();
      await measure(counted);
      log(
        `  rep ${rep + 1}/${reps}: arriving ${arriving.turn[rep].toFixed(0)} ms, counted ${counted.turn[rep].toFixed(0)} ms, bare ${counted.bare[rep].toFixed(0)} ms; longest block ${Math.max(arriving.blockMs[rep], counted.blockMs[rep]).toFixed(1)} ms`,
      );
    }
    return {
      metrics: [
        metric({
          id: 'turn.big-description',
          label: `a turn with a new 300 KB description mounted, counted when it arrived: step + ${CALLS} query_order calls`,
          unit: 'ms',
          values: counted.turn,
          baseline: { label: `${CALLS} bare SDK callTool`, values: counted.bare },
          paired: true,
          target: { text: '≤ 1.10× bare (the per-call target)', on: 'ratio', op: '<=', value: 1.1 },
        }),
        metric({
          id: 'turn.big-description-block',
          label: 'longest event-loop block during those turns',
          unit: 'ms',
          values: counted.blockMs,
          baseline: { label: "the same during the bare calls (the machine's own noise)", values: counted.bareBlockMs },
          target: { text: '< 50 ms', on: 'median', op: '<', value: 50 },
        }),
        metric({
          id: 'turn.big-description-arriving',
          label: 'the same turn started as the definition arrives (its count still running)',
          unit: 'ms',
          values: arriving.turn,
          baseline: { label: `${CALLS} bare SDK callTool`, values: arriving.bare },
          paired: true,
        }),
        metric({
          id: 'turn.big-description-arriving-block',
          label: 'longest event-loop block during the turns that waited for the count',
          unit: 'ms',
          values: arriving.blockMs,
          baseline: { label: 'the same during the bare calls', values: arriving.bareBlockMs },
          target: { text: '< 50 ms', on: 'median', op: '<', value: 50 },
        }),
      ],
      notes: [
        `Shop in its own process; ${reps} repetitions, each with two new 300 KB descriptions (100 KB of English, 100 KB of Chinese, a 100 KB run of one letter). Bare = the mean of ${CALLS} bare calls just before and just after the turn; the ratio is the median of the per-repetition ratios.`,
        'A turn that starts while its definition is still being counted waits for the count (o200k over packed tables, in slices that hand the event loop back), so its wall time shows the count; the event loop is never held meanwhile. The catalog counts a definition as it arrives, so a later turn finds it cached.',
      ],
    };
  } finally {
    await rig.close();
    await fleet.close();
  }
};

function bigDescription(rep: number): string {
  const english =
    'Look up the customer order by keyword and return its tracking number, never the number the customer typed. ';
  const chinese = '查询当前账号最近的订单，可按商品关键词过滤；运单号请从订单结果里取，不要凭用户口述。';
  const part = (text: string) => text.repeat(Math.ceil(100_000 / text.length)).slice(0, 100_000);
  return `revision ${rep}: ${part(english)}${part(chinese)}${'q'.repeat(100_000)}`;
}
