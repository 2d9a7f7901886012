// Profiling aid for bench scenario 2 (tool-call), issue 29: does what the proxy holds across the network await survive
// scavenges and get promoted (old-generation GC), and how many promises does a call make on each side?
//   node --trace-gc-nvp --import tsx bench/support/profile-gc-promotion.ts [rounds] [calls]
// Each side runs alone (proxy-only, then bare-only, alternated per round) over the network. Per 1,000 calls: scavenges
// and mark-sweeps (PerformanceObserver 'gc' kinds), GC time, CPU, and, with --trace-gc-nvp, the bytes the scavenges
// promoted (V8's own per-scavenge `promoted=` figure; lines between this script's markers). Then one pass per side with
// an async_hooks hook counting PROMISE inits per call (a pass of its own: the hook slows everything down).
import { createHook } from 'node:async_hooks';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { ACTING_META, QUERY_ORDER_ARGS, openShopProxyRig } from './proxy-rig';

const rounds = Number(process.argv[2] ?? 3);
const calls = Number(process.argv[3] ?? 2000);

const { rig, bare, proxy, close } = await openShopProxyRig('sb-prof-gc-');
// SHORT=1: the proxy's calls in turns of 20, each in a new conversation deleted when it ends, so the turn's items (kept
// on purpose, ~3 KB per call) are not what is promoted; what is left is what the call holds across its await.
const short = Boolean(process.env.SHORT);
let ctx = await rig.openTurn('t_gc');
let callNo = 0;

const run = async (n: number, side: 'bare' | 'proxy') => {
  for (let i = 0; i < n; i += 10) {
    for (let j = 0; j < 10; j++) {
      if (side === 'bare')
        await bare.callTool({ name: 'query_order', arguments: QUERY_ORDER_ARGS, _meta: ACTING_META });
      else await proxy.execute({ id: `call_${++callNo}`, name: 'query_order', arguments: QUERY_ORDER_ARGS }, ctx);
    }
    if (side === 'proxy') await ctx.conversation.resultsWritten();
    if (side === 'proxy' && short && i % 20 === 10) {
      await rig.store.delete(ctx.conversation.summary.id);
      ctx = await rig.openTurn('t_gc');
    }
  }
};

const gcs = { minor: 0, major: 0, incremental: 0, other: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gcs.minor++;
    else if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gcs.major++;
    else if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) gcs.incremental++;
    else gcs.other++;
    gcs.ms += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

await run(1000, 'proxy');
await run(1000, 'bare');
const per1000 = (x: number) => +((x * 1000) / calls).toFixed(1);
for (let round = 0; round < rounds; round++)
  for (const side of round % 2 ? (['bare', 'proxy'] as const) : (['proxy', 'bare'] as const)) {
    await settle();
    const before = { ...gcs };
    console.log(`@@mark start ${side} ${round}`); // --trace-gc-nvp lines until the end mark are this side's
    const at = process.cpuUsage();
    await run(calls, side);
    const used = process.cpuUsage(at);
    console.log(`@@mark end ${side} ${round}`);
    await settle();
    console.log(
      '@@result ' +
        JSON.stringify({
          side,
          round,
          cpuUsPerCall: +((used.user + used.system) / calls).toFixed(1),
          scavengesPer1000: per1000(gcs.minor - before.minor),
          markSweepsPer1000: per1000(gcs.major - before.major),
          incrementalPer1000: per1000(gcs.incremental - before.incremental),
          gcUsPerCall: +(((gcs.ms - before.ms) * 1000) / calls).toFixed(1),
        }),
    );
  }

let promises = 0;
const hook = createHook({
  init(_id, type) {
    if (type === 'PROMISE') promises++;
  },
});
for (const side of ['proxy', 'bare'] as const) {
  const n = 500;
  hook.enable();
  promises = 0;
  await run(n, side);
  hook.disable();
  console.log('@@promises ' + JSON.stringify({ side, promiseInitsPerCall: +(promises / n).toFixed(1) }));
}
await close();
